import { JsonLd } from '@/components/json-ld'
import { faqJsonLd } from '@/lib/json-ld'
import { getContentPage, getSectionContext } from '@/lib/page-data'
import { Hero } from './hero'
import { faqsOf, Sections } from './section-renderer'

/** A `page` document: hero, page-builder sections, FAQ structured data when it has FAQs. */
export async function ContentPage({
  pageKey,
  extraJsonLd,
}: {
  pageKey: string
  extraJsonLd?: Record<string, unknown>
}) {
  const [page, { ctx }] = await Promise.all([getContentPage(pageKey), getSectionContext()])
  return (
    <>
      <Hero hero={page.hero} fallbackHeading={page.title} contacts={ctx.contacts} />
      <Sections sections={page.sections} ctx={ctx} />
      <JsonLd data={faqJsonLd(faqsOf(page.sections))} />
      {extraJsonLd ? <JsonLd data={extraJsonLd} /> : null}
    </>
  )
}
