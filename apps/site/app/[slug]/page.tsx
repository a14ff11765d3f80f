import { notFound } from 'next/navigation'
import { JsonLd } from '@/components/json-ld'
import { Breadcrumbs } from '@/components/sections/breadcrumbs'
import { Hero } from '@/components/sections/hero'
import { faqsOf, Sections } from '@/components/sections/section-renderer'
import { getRegionalPage, getRegionalRoutes } from '@/lib/content'
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '@/lib/json-ld'
import { getSectionContext, type SlugProps, slugMetadata, slugParams } from '@/lib/page-data'
import { buildMetadata } from '@/lib/seo'

export const dynamicParams = false

export const generateStaticParams = slugParams(getRegionalRoutes)

export const generateMetadata = slugMetadata(getRegionalPage, (page, slug, { brandName }) =>
  buildMetadata({
    title: page.seo?.title ?? page.title,
    description: page.seo?.description ?? page.hero?.text ?? '',
    path: `/${slug}`,
    brandName,
  }),
)

/** Placeholder contact numbers for structured data, by country (the UK page carries a UK one). */
const PLACEHOLDER_PHONE: Record<string, string> = { GB: '+44 20 0000 0000' }

export default async function RegionalPage({ params }: SlugProps) {
  const { slug } = await params
  const [page, { settings, ctx }] = await Promise.all([getRegionalPage(slug), getSectionContext()])
  if (!page) notFound()
  const name = page.title
  const crumbs = [
    { name: 'Home', path: '/' },
    { name, path: `/${slug}` },
  ]
  const country = page.country ?? 'ZA'
  return (
    <>
      <Hero
        hero={page.hero}
        fallbackHeading={name}
        contacts={ctx.contacts}
        breadcrumbs={<Breadcrumbs items={crumbs} />}
      >
        {page.areas?.length ? (
          <p className="mt-6 text-sm text-slate-200">
            <span className="font-semibold text-white">Areas we serve: </span>
            {page.areas.join(' · ')}
          </p>
        ) : null}
      </Hero>
      <Sections sections={page.sections} ctx={ctx} />
      <JsonLd data={breadcrumbJsonLd(crumbs)} />
      <JsonLd
        data={serviceJsonLd({
          name,
          description: page.seo?.description ?? page.hero?.text ?? '',
          path: `/${slug}`,
          areaServed: page.areas,
          contact: {
            telephone: PLACEHOLDER_PHONE[country] ?? settings.phones[0]?.e164 ?? '',
            country,
          },
        })}
      />
      <JsonLd data={faqJsonLd(faqsOf(page.sections))} />
    </>
  )
}
