import { ServicePage, serviceMetadata } from '@/components/sections/service-page'
import { getServiceRoutes } from '@/lib/content'

// Only the slugs in the CMS exist; anything else is a 404 (CMS redirects are handled by the proxy).
export const dynamicParams = false

type Props = { params: Promise<{ slug: string; child: string }> }

export async function generateStaticParams() {
  return (await getServiceRoutes()).flatMap((r) => (r.parent ? [{ slug: r.parent, child: r.slug }] : []))
}

export async function generateMetadata({ params }: Props) {
  const { slug, child } = await params
  return serviceMetadata(child, slug)
}

export default async function Page({ params }: Props) {
  const { slug, child } = await params
  return <ServicePage slug={child} parent={slug} />
}
