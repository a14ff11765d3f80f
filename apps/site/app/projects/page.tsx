import { ContentPage } from '@/components/sections/content-page'
import { contentPageMetadata } from '@/lib/page-data'

export const generateMetadata = () => contentPageMetadata('projects')

export default function Page() {
  return <ContentPage pageKey="projects" />
}
