/**
 * Whether the browser holds a Supabase session cookie, without loading supabase-js.
 * The name is @supabase/ssr's default storage key, `sb-<first label of the API host>-auth-token`,
 * stored whole or chunked as `<name>.0`, `<name>.1`, … (the `-code-verifier` cookie is not a session).
 */
export function authCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

export function hasAuthCookie(supabaseUrl: string, cookie: string): boolean {
  const name = authCookieName(supabaseUrl)
  return cookie.split(';').some((pair) => {
    const eq = pair.indexOf('=')
    const key = pair.slice(0, eq === -1 ? undefined : eq).trim()
    const value = eq === -1 ? '' : pair.slice(eq + 1).trim()
    return value !== '' && (key === name || key === `${name}.0`)
  })
}
