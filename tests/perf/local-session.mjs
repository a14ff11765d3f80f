// Signing in on the local Supabase stack for the benchmarks, and the session cookie @supabase/ssr
// would write for it.

/** The local stack's well-known anon key (packages/local-supabase/src/config/keys.ts). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
/** The demo logins' password (supabase/seed.sql). */
export const DEMO_PASSWORD = 'Password123!'

/** A password sign-in; the session as the auth API returns it. */
export async function signIn(supabaseUrl, email, password = DEMO_PASSWORD) {
  const answer = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!answer.ok) throw new Error(`sign in as ${email}: ${answer.status} ${await answer.text()}`)
  return answer.json()
}

/** The session cookie's name and value, stored whole as @supabase/ssr does. */
export function sessionCookie(supabaseUrl, session) {
  return {
    name: `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`,
    value: `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`,
  }
}
