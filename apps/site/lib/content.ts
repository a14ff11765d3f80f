import 'server-only'
import type { ClientReturn, QueryParams } from '@sanity/client'
import { fillBrand } from '@siyakha/content/links'
import * as q from '@siyakha/content/queries'
import { getContentSource } from '@siyakha/content/source'
import { TAGS, type Tag } from '@siyakha/content/tags'
import { type SiteSettings, toBrandLogos, toGalleryItems } from '@siyakha/content/views'
import { unstable_cache } from 'next/cache'
import { draftMode } from 'next/headers'
import { cache } from 'react'

/**
 * Every content read of the site goes through `load`: cached across requests under the tags of
 * the document types it reads (so the Sanity webhook can refresh exactly those), bypassing the
 * cache in draft mode so the Studio's preview shows drafts, and with every `{brand}` token filled
 * (after the cache, so renaming the brand needs no refresh of other documents).
 */
async function load<const Q extends string>(
  query: Q,
  params: QueryParams,
  tags: Tag[],
): Promise<ClientReturn<Q, unknown>> {
  const [result, settings] = await Promise.all([fetchContent(query, params, tags), getSettings()])
  return fillBrand(result, settings.brandName)
}

/**
 * Route lists feed `generateStaticParams`, which runs with no request (so no draft mode to ask
 * about): they are always the published routes.
 */
async function loadRoutes<const Q extends string>(query: Q, tags: Tag[]): Promise<ClientReturn<Q, unknown>> {
  return fetchContent(query, {}, tags, { drafts: false })
}

async function fetchContent<const Q extends string>(
  query: Q,
  params: QueryParams,
  tags: Tag[],
  { drafts = true } = {},
): Promise<ClientReturn<Q, unknown>> {
  const source = await getContentSource()
  if (drafts && source.canPreview && (await draftMode()).isEnabled) {
    return source.fetch(query, params, { preview: true })
  }
  // `next dev` reads the lake on every request: an edit shows on the next reload, with no webhook
  // needed to reach this server (a Studio pointed at another site, a lake started before it).
  if (process.env.NODE_ENV === 'development') return source.fetch(query, params)
  const cached = unstable_cache(() => source.fetch(query, params), [query, JSON.stringify(params)], { tags })
  return cached()
}

/** Site settings, with `{brand}` in their own texts filled from their brand name. */
export const getSettings = cache(async (): Promise<SiteSettings> => {
  const settings = await fetchContent(q.settingsQuery, {}, [TAGS.siteSettings])
  if (!settings) throw new Error('Site settings are missing from the dataset')
  return fillBrand(settings, settings.brandName)
})

export const getNavigation = cache(() => load(q.navigationQuery, {}, [TAGS.service, TAGS.regionalPage]))
export const getPage = cache((key: string) => load(q.pageQuery, { key }, [TAGS.page, TAGS.project]))
export const getServices = cache(() => load(q.servicesQuery, {}, [TAGS.service]))
export const getService = cache((slug: string, parent: string | null) =>
  load(q.serviceQuery, { slug, parent }, [TAGS.service]),
)
export const getServiceRoutes = cache(() => loadRoutes(q.serviceRoutesQuery, [TAGS.service]))
export const getRegionalPage = cache((slug: string) =>
  load(q.regionalPageQuery, { slug }, [TAGS.regionalPage]),
)
export const getRegionalRoutes = cache(() => loadRoutes(q.regionalRoutesQuery, [TAGS.regionalPage]))
export const getProjects = cache(() => load(q.projectsQuery, {}, [TAGS.project]))
export const getProject = cache((slug: string) => load(q.projectQuery, { slug }, [TAGS.project]))
export const getProjectRoutes = cache(() => loadRoutes(q.projectRoutesQuery, [TAGS.project]))
export const getGallery = cache(async () =>
  toGalleryItems(await load(q.galleryQuery, {}, [TAGS.galleryItem])),
)
export const getTestimonials = cache(() => load(q.testimonialsQuery, {}, [TAGS.testimonial]))
export const getIndustries = cache(() => load(q.industriesQuery, {}, [TAGS.industry]))
export const getBrandLogos = cache(async () =>
  toBrandLogos(await load(q.brandLogosQuery, {}, [TAGS.brandLogo])),
)
export const getPosts = cache(() => load(q.postsQuery, {}, [TAGS.post]))
export const getLatestPosts = cache(() => load(q.latestPostsQuery, {}, [TAGS.post]))
export const getPost = cache((slug: string) => load(q.postQuery, { slug }, [TAGS.post]))
export const getPostRoutes = cache(() => loadRoutes(q.postRoutesQuery, [TAGS.post]))
export const getRedirects = cache(() => load(q.redirectsQuery, {}, [TAGS.redirect]))
export const getPageRoutes = cache(() => loadRoutes(q.pageRoutesQuery, [TAGS.page]))
