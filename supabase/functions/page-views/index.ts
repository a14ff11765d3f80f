// Public: the article view counters (the old site's third-party counter, self-hosted).
//   GET ?ns=<namespace>&key=<page key>&op=get|hit   (also /page-views/get|hit/<ns>/<key…>)
//   → { value: number }. 'hit' counts one view per address, page and 30 minutes; beyond that it
//   reads, so reloads don't inflate the count.
import { pageViewsQuerySchema } from '@siyakha/schemas/page-views'
import type { SupabaseClient } from '@supabase/supabase-js'
import { clientIp, json, serve, sha256, validationError } from '../_shared/http.ts'
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

async function read(service: SupabaseClient, ns: string, key: string): Promise<number> {
  const { data, error } = await service
    .from('page_views')
    .select('count')
    .eq('namespace', ns)
    .eq('page_key', key)
    .maybeSingle()
  if (error) throw new Error(`read count: ${error.message}`)
  return Number(data?.count ?? 0)
}

serve({
  async GET(req) {
    const parsed = pageViewsQuerySchema.safeParse(params(new URL(req.url)))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const { ns, key, op } = parsed.data
    const service = serviceClient()
    if (op === 'hit') {
      const visitor = await sha256(`${clientIp(req)}\n${ns}\n${key}`)
      if (await rateLimit(service, 'page-view', visitor, HIT_WINDOW_SECONDS, 1)) {
        const { data, error } = await service.rpc('hit_page_view', { p_namespace: ns, p_page_key: key })
        if (error) throw new Error(`count view: ${error.message}`)
        return json(req, 200, { value: Number(data) })
      }
    }
    return json(req, 200, { value: await read(service, ns, key) })
  },
})
