import 'server-only'
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env'
import { serverEnv } from './server-env'

export type FunctionAnswer = { status: number; body: unknown }

/**
 * Calls one of the project's public edge functions with the anon key, from the server. `ip` is the
 * visitor's address: the site vouches for it with the forwarder secret, for the function's rate
 * limits (otherwise every visitor would count as this server).
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
      ...(ip ? { [VISITOR_ADDRESS_HEADER]: ip, [FORWARDER_SECRET_HEADER]: serverEnv.FORWARDER_SECRET } : {}),
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
