import { z } from 'zod'

// Self-contained (imports only zod) so the Deno edge functions can load this file as it is.

/** What `pageKey()` in `view-counter.ts` produces: letters, digits, '/', '_' and '-'. */
const KEY_CHARS = /^[A-Za-z0-9/_-]+$/

/** `page-views?ns=…&key=…&op=get|hit`: read a counter, or count a view and read it. */
export const pageViewsQuerySchema = z.object({
  ns: z.string().min(1).max(200).regex(KEY_CHARS, 'Invalid namespace'),
  key: z.string().min(1).max(300).regex(KEY_CHARS, 'Invalid page key'),
  op: z.enum(['get', 'hit']).default('get'),
})

export type PageViewsQuery = z.infer<typeof pageViewsQuerySchema>

/**
 * The site's own view-counter route (VIEW_COUNT_ROUTE in view-counter.ts), which the browser
 * calls: the page key and whether to count this view. The site picks the namespace and checks
 * the key against its pages before it asks the page-views function.
 */
export const viewCountRequestSchema = z.object({
  key: z.string().min(1).max(300).regex(KEY_CHARS, 'Invalid page key'),
  op: z.enum(['get', 'hit']).default('get'),
})

export type ViewCountRequest = z.infer<typeof viewCountRequestSchema>
