import { viewCountRequestSchema } from '@siyakha/schemas/page-views'
import { viewCount } from '@/lib/page-views'

// Counts are live: never prerendered or cached.
export const dynamic = 'force-dynamic'

const headers = { 'Cache-Control': 'no-store' }

/**
 * GET ?key=<page key>&op=get|hit → { value } for the site's own articles and pages, 404 for any
 * other key, 400 for a malformed one. The view counter in the browser calls this.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams
  const parsed = viewCountRequestSchema.safeParse({
    key: params.get('key') ?? undefined,
    op: params.get('op') ?? undefined,
  })
  if (!parsed.success) {
    return Response.json({ error: 'validation', message: 'Invalid page key' }, { status: 400, headers })
  }
  try {
    const answer = await viewCount(parsed.data, request.headers.get('x-forwarded-for'))
    if (answer.status === 200) return Response.json({ value: answer.value }, { headers })
    if (answer.status === 404) {
      return Response.json(
        { error: 'not_found', message: 'No view counter for that page' },
        { status: 404, headers },
      )
    }
    return Response.json(
      { error: 'unavailable', message: 'The view counter is unavailable' },
      { status: 502, headers },
    )
  } catch (error) {
    console.error('View counter failed', error)
    return Response.json(
      { error: 'unavailable', message: 'The view counter is unavailable' },
      { status: 502, headers },
    )
  }
}
