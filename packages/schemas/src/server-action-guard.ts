/*
 * Next.js answers 500 to some Server Action posts a client controls entirely: an Origin that is
 * not this host (its CSRF check), an Origin that is not a URL, and a body over its 1 MB limit.
 * The apps' proxies call this first, so those requests get a 4xx before Next sees them. The rules
 * mirror Next's own, so nothing Next would accept is refused here.
 */

/** Next's default `serverActions.bodySizeLimit`. */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024

function refuse(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** The host a browser's Origin must name, as Next reads it: X-Forwarded-Host's first entry, else Host. */
function expectedHost(headers: Headers): string | undefined {
  const forwarded = headers.get('x-forwarded-host')?.split(',')[0]?.trim()
  return forwarded || headers.get('host') || undefined
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined
  } catch {
    return undefined
  }
}

/**
 * The answer for a Server Action post Next would fail with a 500, or undefined to let it through.
 * A request is a Server Action post when it is a POST with a `Next-Action` header or a multipart
 * body (a form posted without JavaScript).
 */
export function refuseBadServerAction(request: Request): Response | undefined {
  if (request.method !== 'POST') return undefined
  const { headers } = request
  const multipart = headers.get('content-type')?.startsWith('multipart/form-data') ?? false
  if (!headers.has('next-action') && !multipart) return undefined

  const origin = headers.get('origin')
  // No Origin: a hand-made request, which cannot carry a visitor's cookies unknowingly; Next allows it.
  if (origin !== null) {
    const host = originHost(origin)
    if (!host || host !== expectedHost(headers)) {
      return refuse(403, 'Cross-origin Server Action requests are not allowed.')
    }
  }
  const length = headers.get('content-length')
  // Browsers always send a length for a Server Action; a streamed body could only be measured by
  // reading it, and Next answers 500 when it turns out too large.
  if (length === null) return refuse(411, 'A Server Action request needs a Content-Length.')
  if (!/^\d+$/.test(length)) return refuse(400, 'Invalid Content-Length.')
  if (Number(length) > SERVER_ACTION_BODY_LIMIT) {
    return refuse(413, 'The request body must be under 1 MB.')
  }
  return undefined
}
