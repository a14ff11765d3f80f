// Public: the article view counters (the old site's third-party counter, self-hosted).
//   GET ?ns=<namespace>&key=<page key>&op=get|hit   (also /page-views/get|hit/<ns>/<key…>)
//   → { value: number }. 'hit' counts one view per address, page and 30 minutes; beyond that it
//   reads, so reloads don't inflate the count.
// Which pages have a counter is the site's to say (it knows the CMS's articles): only a request
// the site's server vouches for with FORWARDER_SECRET may start a counter. Anyone else reads and
// counts existing counters only; an unknown one is 404, so nobody fills the table with made-up
// namespaces and keys.
import { FORWARDER_SECRET_HEADER, secretsMatch } from '@siyakha/schemas/client-address'
import { pageViewsQuerySchema } from '@siyakha/schemas/page-views'
import type { SupabaseClient } from '@supabase/supabase-js'
import { clientIp, HttpError, json, serve, sha256, validationError } from '../_shared/http.ts'
import { rateLimit, serviceClient } from '../_shared/supabase.ts'

const HIT_WINDOW_SECONDS = 1800

/** Query parameters, or the counter service's path form `/get/<ns>/<key…>`. */
function params(url: URL): Record<string, string | undefined> {
  const path = /^\/page-views\/(get|hit)\/([^/]+)(\/.*)$/.exec(url.pathname)
  if (path) return { op: path[1], ns: path[2], key: path[3] }
  return {
    ns: url.searchParams.get('ns') ?? undefined,
    key: url.searchParams.get('key') ?? undefined,
    op: url.searchParams.get('op') ?? undefined,
  }
}

/** The counted views, or null when the page has no counter yet. */
async function read(service: SupabaseClient, ns: string, key: string): Promise<number | null> {
  const { data, error } = await service
    .from('page_views')
    .select('count')
    .eq('namespace', ns)
    .eq('page_key', key)
    .maybeSingle()
  if (error) throw new Error(`read count: ${error.message}`)
  return data ? Number(data.count) : null
}

/** Whether the site's server sent this request for a page it knows (see the top of the file). */
function vouchedBySite(req: Request): boolean {
  return secretsMatch(req.headers.get(FORWARDER_SECRET_HEADER) ?? '', Deno.env.get('FORWARDER_SECRET') ?? '')
}

const unknownCounter = () =>
  new HttpError(404, { error: 'not_found', message: 'No view counter for that page' })

serve({
  async GET(req) {
    const parsed = pageViewsQuerySchema.safeParse(params(new URL(req.url)))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const { ns, key, op } = parsed.data
    const service = serviceClient()
    const vouched = vouchedBySite(req)
    // Counters are never deleted, so one that exists now still exists when the hit lands.
    const current = await read(service, ns, key)
    if (current === null && !vouched) throw unknownCounter()
    if (op === 'hit') {
      const visitor = await sha256(`${clientIp(req)}\n${ns}\n${key}`)
      if (await rateLimit(service, 'page-view', visitor, HIT_WINDOW_SECONDS, 1)) {
        const { data, error } = await service.rpc('hit_page_view', { p_namespace: ns, p_page_key: key })
        if (error) throw new Error(`count view: ${error.message}`)
        return json(req, 200, { value: Number(data) })
      }
    }
    return json(req, 200, { value: current ?? 0 })
  },
})
