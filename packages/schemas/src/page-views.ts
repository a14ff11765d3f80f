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
