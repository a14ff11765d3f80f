import { ServicePage, serviceMetadata } from '@/components/sections/service-page'
import { getServiceRoutes } from '@/lib/content'

// Only the slugs in the CMS exist; anything else is a 404 (CMS redirects are handled by the proxy).
export const dynamicParams = false

type Props = { params: Promise<{ slug: string }> }

export async function generateStaticParams() {
  return (await getServiceRoutes()).filter((r) => !r.parent).map((r) => ({ slug: r.slug ?? '' }))
}

export async function generateMetadata({ params }: Props) {
  return serviceMetadata((await params).slug, null)
}

export default async function Page({ params }: Props) {
  return <ServicePage slug={(await params).slug} parent={null} />
}
