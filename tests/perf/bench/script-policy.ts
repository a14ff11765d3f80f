// What a page's Content-Security-Policy lets run, as served: whether it is strict (no
// 'unsafe-inline' script), how many inline scripts it names by hash, and what the header weighs.

export type ScriptPolicy = {
  /** The script-src directive, or '' when the page has no policy. */
  scriptSrc: string
  /** No 'unsafe-inline' and a script-src (or default-src) at all. */
  strict: boolean
  hashes: number
  /** Bytes of the Content-Security-Policy header value, and of all the response's headers. */
  policyBytes: number
  headerBytes: number
}

export function scriptPolicy(headers: Headers): ScriptPolicy {
  const policy = headers.get('content-security-policy') ?? ''
  const directive = (name: string) =>
    policy
      .split(/[;,]/)
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? ''
  const scriptSrc = directive('script-src') || directive('default-src')
  let headerBytes = 0
  headers.forEach((value, name) => {
    headerBytes += Buffer.byteLength(`${name}: ${value}\r\n`)
  })
  return {
    scriptSrc,
    strict: scriptSrc !== '' && !scriptSrc.includes("'unsafe-inline'"),
    hashes: (scriptSrc.match(/'sha(256|384|512)-/g) ?? []).length,
    policyBytes: Buffer.byteLength(policy),
    headerBytes,
  }
}
