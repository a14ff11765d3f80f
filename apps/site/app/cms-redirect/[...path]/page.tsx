import { notFound, permanentRedirect, redirect } from 'next/navigation'
import { findRedirect } from '@/lib/redirects'

/**
 * Where next.config.ts sends a request no page, file or route answers: a CMS redirect for its path
 * (308 when permanent, so browsers keep the #fragment; 307 otherwise; the query string kept), or
 * the 404 page. Serving pages therefore never waits on a redirect lookup.
 */
export const dynamic = 'force-dynamic'

/**
 * Paths a CMS redirect may start from: pages, not Next's internals, API routes, CMS images or
 * files with an extension.
 */
const REDIRECTABLE = /^\/(?!_next\/|api\/|cms-images\/|.*\.[a-z0-9]+$)/

type Props = {
  params: Promise<{ path: string[] }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

export default async function CmsRedirect({ params, searchParams }: Props) {
  const path = `/${(await params).path.join('/')}`
  const rule = REDIRECTABLE.test(path) ? await findRedirect(path) : null
  if (!rule) notFound()
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const item of [value ?? []].flat()) query.append(name, item)
  }
  const target = query.size ? `${rule.to}?${query}` : rule.to
  if (rule.permanent) permanentRedirect(target)
  redirect(target)
}
