import 'server-only'
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env'

export type FunctionAnswer = { status: number; body: unknown }

/**
 * Calls one of the project's public edge functions with the anon key, from the server. `ip` is the
 * visitor's address, forwarded for the function's rate limits.
 */
export async function callFunction(
  name: string,
  { method = 'POST', body, ip }: { method?: 'GET' | 'POST'; body?: unknown; ip?: string } = {},
): Promise<FunctionAnswer> {
  const response = await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
    method,
    headers: {
      apikey: SUPABASE_ANON_KEY,
      Authorization: `Bearer ${SUPABASE_ANON_KEY}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // Not JSON: keep the text for the logs.
  }
  return { status: response.status, body: parsed }
}
