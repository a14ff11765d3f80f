import type { HttpRequest, HttpResponse } from './respond.js'

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
// The Studio reads the shard from /data/ping; the rest are what Sanity's API exposes to scripts.
const EXPOSED_HEADERS = 'X-Sanity-Shard, Content-Length, Content-Type, ETag'

function requestOrigin(req: HttpRequest): string | undefined {
  const origin = req.headers.origin
  return typeof origin === 'string' && origin !== '' ? origin : undefined
}

/**
 * As Sanity's CORS origins list: an allowed origin is echoed with credentials (the Studio's
 * default auth, `dual` with no token, sends cookies, and a credentialed request rejects `*`);
 * any other origin gets no CORS header at all, so its page cannot read an answer.
 */
export function applyCors(req: HttpRequest, res: HttpResponse, isAllowed: (origin: string) => boolean): void {
  res.setHeader('Vary', 'Origin')
  const origin = requestOrigin(req)
  if (origin === undefined || !isAllowed(origin)) return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS)
}

/**
 * Every Studio request carries `x-sanity-app`, so each one (listeners included) is preflighted. A
 * preflight from an origin not on the list is refused, so the browser never sends the request.
 */
export function answerPreflight(
  req: HttpRequest,
  res: HttpResponse,
  isAllowed: (origin: string) => boolean,
): void {
  const origin = requestOrigin(req)
  if (origin !== undefined && !isAllowed(origin)) {
    const body = JSON.stringify({
      error: 'Forbidden',
      message: `Origin ${origin} is not one of this lake's CORS origins (LOCAL_CONTENT_LAKE_CORS_ORIGINS)`,
      statusCode: 403,
    })
    res.writeHead(403, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    })
    res.end(body)
    return
  }
  const requested = req.headers['access-control-request-headers']
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    ...(typeof requested === 'string' && requested !== ''
      ? { 'Access-Control-Allow-Headers': requested }
      : {}),
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  })
  res.end()
}
