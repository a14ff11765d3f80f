import { ContentPage } from '@/components/sections/content-page'
import { contactPageJsonLd } from '@/lib/json-ld'
import { contentPageMetadata, getContentPage } from '@/lib/page-data'

export const generateMetadata = () => contentPageMetadata('log-it')

export default async function LogItPage() {
  const page = await getContentPage('log-it')
  return (
    <ContentPage
      pageKey="log-it"
      extraJsonLd={contactPageJsonLd({
        name: page.seo?.title ?? page.title ?? 'Log It',
        description: page.seo?.description ?? '',
        path: '/log-it',
      })}
    />
  )
}
