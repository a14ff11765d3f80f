import { ServicePage, serviceMetadata } from '@/components/sections/service-page'
import { getServiceRoutes } from '@/lib/content'
import type { SlugProps } from '@/lib/page-data'

// Only the slugs in the CMS exist; anything else is a 404 (a CMS redirect for it is answered by app/cms-redirect).
export const dynamicParams = false

export async function generateStaticParams() {
  return (await getServiceRoutes()).filter((r) => !r.parent).map((r) => ({ slug: r.slug }))
}

export async function generateMetadata({ params }: SlugProps) {
  return serviceMetadata((await params).slug, null)
}

export default async function Page({ params }: SlugProps) {
  return <ServicePage slug={(await params).slug} parent={null} />
}
