import { Hero } from '@/components/sections/hero'
import { Sections } from '@/components/sections/section-renderer'
import { contentPageMetadata, getContentPage, getSectionContext } from '@/lib/page-data'

export const generateMetadata = () => contentPageMetadata('home')

export default async function HomePage() {
  const [page, { ctx }] = await Promise.all([getContentPage('home'), getSectionContext()])
  return (
    <>
      <Hero hero={page.hero} fallbackHeading={page.title} contacts={ctx.contacts} />
      <Sections sections={page.sections} ctx={ctx} />
    </>
  )
}
