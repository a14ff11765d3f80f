import type { MetadataRoute } from 'next'
import {
  getPageRoutes,
  getPostRoutes,
  getProjectRoutes,
  getRegionalRoutes,
  getServiceRoutes,
} from '@/lib/content'
import { absoluteUrl } from '@/lib/env'
import { serviceHref } from '@/lib/routes'

/** Every public route, from the content that defines it. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [pages, services, regional, projects, posts] = await Promise.all([
    getPageRoutes(),
    getServiceRoutes(),
    getRegionalRoutes(),
    getProjectRoutes(),
    getPostRoutes(),
  ])
  const entry = (path: string, updated: string | null | undefined, priority: number) => ({
    url: absoluteUrl(path),
    lastModified: updated ?? undefined,
    priority,
  })
  return [
    ...pages.map((p) => entry(p.route ?? '/', p._updatedAt, p.route === '/' ? 1 : 0.7)),
    ...services.map((s) => entry(serviceHref(s.slug ?? '', s.parent), s._updatedAt, 0.8)),
    ...regional.map((r) => entry(`/${r.slug}`, r._updatedAt, 0.8)),
    ...projects.map((p) => entry(`/projects/${p.slug}`, p._updatedAt, 0.6)),
    ...posts.map((p) => entry(`/blog/${p.slug}`, p._updatedAt, 0.6)),
  ]
}
