import { ContentPage } from '@/components/sections/content-page'
import { contentPageMetadata } from '@/lib/page-data'

export const generateMetadata = () => contentPageMetadata('services')

export default function Page() {
  return <ContentPage pageKey="services" />
}
