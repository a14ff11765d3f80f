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

/** A reference to another part of a React reply: `$` + optional tag + the part's id in hex. */
const REFERENCE = /^\$([@A-Za-z]?)([0-9a-f]+)$/

/**
 * Tags whose value is no part of its own: `$K` is a form's fields, sent as `_<id>_<name>` entries
 * (a form without fields sends none, and React then decodes an empty FormData), `$n` a BigInt.
 */
const SELF_CONTAINED = new Set(['K', 'n'])

/**
 * Whether React can decode this Server Action reply: the root part is JSON, and every reference
 * in it to another part names a part the body carries (Next answers 500 to a missing one). Parts
 * are named by the decimal id the reference spells in hex. `parts` is undefined for a plain JSON
 * body, which has no other parts.
 */
function decodable(root: string, parts: FormData | undefined): boolean {
  let value: unknown
  try {
    value = JSON.parse(root)
  } catch {
    return false
  }
  const pending = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      const reference = REFERENCE.exec(next)
      if (reference && !SELF_CONTAINED.has(reference[1] ?? '')) {
        const part = String(Number.parseInt(reference[2] ?? '', 16))
        if (!parts?.has(part)) return false
      }
    } else if (next && typeof next === 'object') {
      pending.push(...Object.values(next))
    }
  }
  return true
}

/**
 * The answer for a Server Action post Next would fail with a 500, or undefined to let it through.
 * A request is a Server Action post when it is a POST with a `Next-Action` header or a multipart
 * body (a form posted without JavaScript); only the former carries a reply to decode.
 */
export async function refuseBadServerAction(request: Request): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined
  const { headers } = request
  const multipart = headers.get('content-type')?.startsWith('multipart/form-data') ?? false
  const fetchAction = headers.has('next-action')
  if (!fetchAction && !multipart) return undefined

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
  if (!fetchAction) return undefined

  // The body is at most 1 MB (checked above); a copy is read, Next still gets the original.
  const copy = request.clone()
  let root: string | undefined
  let parts: FormData | undefined
  try {
    if (multipart) {
      parts = await copy.formData()
      const first = parts.get('0')
      root = typeof first === 'string' ? first : undefined
    } else {
      root = await copy.text()
    }
  } catch {
    root = undefined
  }
  if (root === undefined || !decodable(root, parts)) {
    return refuse(400, 'Invalid Server Action request.')
  }
  return undefined
}

/**
 * A 400 for a path whose percent-escapes do not decode to UTF-8 (`/%`, `/%E0%A4%A`): Next answers
 * those with a 500 when it matches them against a dynamic route.
 */
export function refuseUndecodablePath(pathname: string): Response | undefined {
  try {
    decodeURIComponent(pathname)
    return undefined
  } catch {
    return refuse(400, 'The path is not valid percent-encoded UTF-8.')
  }
}
