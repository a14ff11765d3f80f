import 'server-only'
import { type SiteSettings, siteContacts } from '@siyakha/content/views'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import type { SectionContext } from '@/components/sections/types'
import { getPage, getSettings } from './content'
import { buildMetadata, NOT_FOUND_METADATA } from './seo'

/** Contact details and brand for rendering links and `{brand}` tokens. */
export async function getSectionContext() {
  const settings = await getSettings()
  const ctx: SectionContext = { contacts: siteContacts(settings), brandName: settings.brandName }
  return { settings, ctx }
}

export async function getContentPage(key: string) {
  const page = await getPage(key)
  if (!page) notFound()
  return page
}

/** Metadata of a `page` document: its SEO fields, falling back to the hero and site description. */
export async function contentPageMetadata(key: string): Promise<Metadata> {
  const [page, settings] = await Promise.all([getContentPage(key), getSettings()])
  const brand = settings.brandName
  return buildMetadata({
    title: page.seo?.title ?? page.title ?? brand,
    description: page.seo?.description ?? page.hero?.text ?? settings.description,
    path: page.route ?? '/',
    brandName: brand,
    image: page.seo?.image?.asset?.url ? { ...page.seo.image.asset, url: page.seo.image.asset.url } : null,
  })
}

/** The params of a `[slug]` route. */
export type SlugProps = { params: Promise<{ slug: string }> }

/**
 * A `[slug]` route's `generateStaticParams`: one page per slug the CMS lists at build time. A route
 * that sets `dynamicParams = false` answers any other slug from app/cms-redirect (a CMS redirect
 * or the 404 page); the blog and the case studies render it on demand instead (a document
 * published since, or `redirectIfMoved` and `NotFoundInPage`).
 */
export function slugParams(routes: () => Promise<{ slug: string }[]>) {
  return async () => (await routes()).map(({ slug }) => ({ slug }))
}

/** A `[slug]` route's `generateMetadata`: built from the slug's document, the 404 page's for an unknown slug. */
export function slugMetadata<T>(
  get: (slug: string) => Promise<T | null>,
  build: (doc: T, slug: string, settings: SiteSettings) => Metadata,
) {
  return async ({ params }: SlugProps): Promise<Metadata> => {
    const { slug } = await params
    const [doc, settings] = await Promise.all([get(slug), getSettings()])
    return doc ? build(doc, slug, settings) : NOT_FOUND_METADATA
  }
}
