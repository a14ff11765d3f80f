import type { HttpRequest, HttpResponse } from './respond.js'

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
// The Studio reads the shard from /data/ping; the rest are what Sanity's API exposes to scripts.
const EXPOSED_HEADERS = 'X-Sanity-Shard, Content-Length, Content-Type, ETag'

/**
 * Every answer echoes the Origin with credentials: the Studio's default auth (`dual`, no token)
 * sends cookies, and a credentialed request rejects `*`.
 */
export function applyCors(req: HttpRequest, res: HttpResponse): void {
  res.setHeader('Vary', 'Origin')
  const origin = req.headers.origin
  if (typeof origin !== 'string' || origin === '') return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS)
}

/** Every Studio request carries `x-sanity-app`, so each one (listeners included) is preflighted. */
export function answerPreflight(req: HttpRequest, res: HttpResponse): void {
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
