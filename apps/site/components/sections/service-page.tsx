import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { JsonLd } from '@/components/json-ld'
import { getService, getSettings } from '@/lib/content'
import { faqJsonLd, serviceJsonLd } from '@/lib/json-ld'
import { getSectionContext } from '@/lib/page-data'
import { serviceHref } from '@/lib/routes'
import { buildMetadata } from '@/lib/seo'
import { Breadcrumbs } from './breadcrumbs'
import { Hero } from './hero'
import { faqsOf, Sections } from './section-renderer'

export async function serviceMetadata(slug: string, parent: string | null): Promise<Metadata> {
  const [service, settings] = await Promise.all([getService(slug, parent), getSettings()])
  if (!service) return {}
  return buildMetadata({
    title: service.seo?.title ?? service.title,
    description: service.seo?.description ?? service.summary,
    path: serviceHref(slug, parent),
    brandName: settings.brandName,
  })
}

/** A service page (top-level or a child under its parent): hero, sections, Service + FAQ data. */
export async function ServicePage({ slug, parent }: { slug: string; parent: string | null }) {
  const [service, { settings, ctx }] = await Promise.all([getService(slug, parent), getSectionContext()])
  const path = serviceHref(slug, parent)
  if (!service) notFound()
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    ...(service.parent ? [{ name: service.parent.title, path: serviceHref(service.parent.slug, null) }] : []),
    { name: service.title, path },
  ]
  return (
    <>
      <Hero
        hero={service.hero}
        fallbackHeading={service.title}
        contacts={ctx.contacts}
        breadcrumbs={<Breadcrumbs items={crumbs} />}
      />
      <Sections sections={service.sections} ctx={ctx} />
      <JsonLd
        data={serviceJsonLd({
          name: service.title,
          description: service.seo?.description ?? service.summary,
          path,
          areaServed: settings.areasServed,
        })}
      />
      <JsonLd data={faqJsonLd(faqsOf(service.sections))} />
    </>
  )
}
