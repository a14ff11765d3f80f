// Self-contained (no imports) so the Deno edge functions can load this file as it is.

/*
 * Who is calling, for per-address rate limits. X-Forwarded-For is a list that every proxy appends
 * to, so only its rightmost entries are trustworthy: the leftmost ones are whatever the caller
 * typed. A server that calls a function for a visitor (the site's server actions) vouches for the
 * visitor's address with two headers instead: the address, and a secret it shares with the
 * functions (`FORWARDER_SECRET`). Without the right secret the vouched address is ignored.
 */

/** The visitor's address, sent by a trusted server that calls a function on the visitor's behalf. */
export const VISITOR_ADDRESS_HEADER = 'x-visitor-address'
/** The shared secret that makes `VISITOR_ADDRESS_HEADER` count. */
export const FORWARDER_SECRET_HEADER = 'x-forwarder-secret'

/** Longest address kept: an IPv6 address with a zone fits; anything longer is not an address. */
const MAX_ADDRESS_LENGTH = 64

/**
 * The address the outermost of the `trustedHops` proxies in front of us saw, i.e. the entry
 * `trustedHops` places from the right of X-Forwarded-For; undefined without one. With one proxy
 * (the Supabase gateway, a Vercel or nginx front) that is the last entry.
 */
export function addressFromForwardedFor(
  header: string | null | undefined,
  trustedHops = 1,
): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return undefined
  const hops = Math.max(1, Math.floor(trustedHops))
  const entry = entries[Math.max(0, entries.length - hops)]
  return entry && entry.length <= MAX_ADDRESS_LENGTH ? entry : undefined
}

/** Whether two secrets are equal, in time that does not depend on where they first differ. */
export function secretsMatch(given: string, expected: string): boolean {
  if (!given || !expected) return false
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] as number)
  return difference === 0
}

/**
 * The caller's address: the visitor address a trusted forwarder vouched for, else what the
 * trusted proxies saw, else 'unknown'. `forwarderSecret` empty means nobody may vouch.
 */
export function clientAddress(
  headers: { get(name: string): string | null },
  { forwarderSecret, trustedHops }: { forwarderSecret: string; trustedHops: number },
): string {
  const vouched = headers.get(VISITOR_ADDRESS_HEADER)?.trim()
  if (vouched && vouched.length <= MAX_ADDRESS_LENGTH) {
    if (secretsMatch(headers.get(FORWARDER_SECRET_HEADER) ?? '', forwarderSecret)) return vouched
  }
  return addressFromForwardedFor(headers.get('x-forwarded-for'), trustedHops) ?? 'unknown'
}

/**
 * The forwarder secret every local stack shares (as LOCAL_FORWARDER_SECRET in
 * @siyakha/supabase/env and packages/local-supabase). Public knowledge: with it anyone can claim
 * any visitor address, so it may only ever be used against a local stack.
 */
export const WELL_KNOWN_FORWARDER_SECRET = 'local-forwarder-secret-for-development-only'

/** Whether a Supabase URL points at this machine (a local stack), not a hosted project. */
export function isLocalUrl(url: string): boolean {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  )
}

/**
 * Why this forwarder configuration must not serve, or undefined: in production against a hosted
 * project the well-known local secret would let any caller pick the address its rate limits count.
 */
export function forwarderSecretProblem({
  production,
  supabaseUrl,
  forwarderSecret,
}: {
  production: boolean
  supabaseUrl: string
  forwarderSecret: string
}): string | undefined {
  if (!production || isLocalUrl(supabaseUrl)) return undefined
  if (forwarderSecret !== WELL_KNOWN_FORWARDER_SECRET) return undefined
  return 'FORWARDER_SECRET is the well-known local value; set a random secret of your own (the same on the site and the functions) before serving a hosted project'
}
