import { ContentPage } from '@/components/sections/content-page'
import { contentPageMetadata } from '@/lib/page-data'

export const generateMetadata = () => contentPageMetadata('privacy')

export default function Page() {
  return <ContentPage pageKey="privacy" />
}
