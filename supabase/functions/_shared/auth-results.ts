// The receiving provider's verdict on a mail (RFC 8601 Authentication-Results; §3.4 of
// ../shared/docs/messaging-contract.md). The provider that accepted the mail checked SPF, DKIM and
// DMARC and prepended its result under its own authserv-id. A sender can write any number of
// Authentication-Results headers too, so only the topmost one carrying our provider's authserv-id
// counts (the provider's own is always above anything that came with the mail), and only a DMARC
// pass for the very domain in From proves who sent it.

/** Longer header values are not the provider's (it writes a line or two): they are not read. */
const MAX_HEADER = 16_384

/**
 * The header without comments (RFC 5322 CFWS, nested) and with quoted strings kept whole; one pass,
 * linear in the length.
 */
function withoutComments(value: string): string {
  let out = ''
  let depth = 0
  let quoted = false
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string
    if (c === '\\' && (quoted || depth > 0)) {
      if (depth === 0) out += c + (value[i + 1] ?? '')
      i++
      continue
    }
    if (depth === 0 && c === '"') quoted = !quoted
    if (!quoted && c === '(') {
      depth++
      continue
    }
    if (!quoted && c === ')' && depth > 0) {
      depth--
      out += ' '
      continue
    }
    if (depth === 0) out += c
  }
  return out
}

/** Splits at `;` outside quoted strings. */
function statements(value: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (const c of value) {
    if (c === '"') quoted = !quoted
    if (c === ';' && !quoted) {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  return parts.map((part) => part.trim())
}

export interface AuthResults {
  authservId: string
  /** Each method's result and properties, in order: `{method: 'dmarc', result: 'pass', props: {'header.from': 'x.co'}}` */
  results: { method: string; result: string; props: Record<string, string> }[]
}

/** One Authentication-Results value, or null when it is not one. */
export function parseAuthResults(value: string): AuthResults | null {
  if (value.length > MAX_HEADER) return null
  const [head = '', ...rest] = statements(withoutComments(value))
  // authserv-id, optionally followed by a version number.
  const authservId = head.split(/\s+/)[0]?.toLowerCase() ?? ''
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(authservId)) return null
  const results: AuthResults['results'] = []
  for (const statement of rest) {
    const method = /^([a-z0-9_-]+)(?:\/\d+)?\s*=\s*([a-z]+)/i.exec(statement)
    if (!method) continue
    const props: Record<string, string> = {}
    for (const prop of statement
      .slice(method[0].length)
      .matchAll(/([a-z]+\.[a-z0-9_-]+)\s*=\s*("[^"]*"|[^\s;]+)/gi)) {
      const name = (prop[1] as string).toLowerCase()
      props[name] ??= (prop[2] as string).replace(/^"|"$/g, '')
    }
    results.push({
      method: (method[1] as string).toLowerCase(),
      result: (method[2] as string).toLowerCase(),
      props,
    })
  }
  return { authservId, results }
}

/**
 * The verdict of the topmost Authentication-Results with `authservId` (headers in the order the
 * mail carries them, topmost first): 'pass' only when its DMARC result is pass for exactly
 * `fromDomain`; 'fail' for a DMARC fail; otherwise 'none' (no such header, no DMARC result, or one
 * for another domain). No configured authserv-id: nothing is trusted.
 */
export function dmarcVerdict(
  headers: readonly string[],
  authservId: string | undefined,
  fromDomain: string,
): 'pass' | 'fail' | 'none' {
  const ours = authservId?.trim().toLowerCase()
  if (!ours) return 'none'
  for (const value of headers) {
    const parsed = parseAuthResults(value)
    if (!parsed || parsed.authservId !== ours) continue
    const dmarc = parsed.results.find((r) => r.method === 'dmarc')
    if (!dmarc) return 'none'
    const domain = dmarc.props['header.from']?.toLowerCase()
    if (domain !== fromDomain.toLowerCase()) return 'none'
    return dmarc.result === 'pass' ? 'pass' : dmarc.result === 'fail' ? 'fail' : 'none'
  }
  return 'none'
}
