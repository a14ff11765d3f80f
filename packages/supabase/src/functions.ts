import 'server-only'
import type { FailureReason } from '@siyakha/schemas/action-state'
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import type { z } from 'zod'
import { publicEnv, SUPABASE_URL } from './env'

/**
 * Why a call failed, in one shape whatever went wrong: the function's own answer
 * (`{ error: code, message, fields? }`), an unexpected body, or no answer at all (status 0).
 */
export type FunctionError = {
  reason: FailureReason
  status: number
  code: string
  message: string
  fields: Record<string, string>
}

export type FunctionResult<T> = { ok: true; status: number; data: T } | { ok: false; error: FunctionError }

export type FunctionCall<T> = {
  method?: 'GET' | 'POST'
  /** Sent as JSON; build it with the function's schema from `@siyakha/schemas`. */
  body?: unknown
  /** The signed-in user's access token; without it the call is anonymous (the anon key). */
  accessToken?: string
  /**
   * The visitor's address, vouched for with the forwarder secret, for the function's rate limits
   * (otherwise every visitor would count as this server).
   */
  visitor?: { address: string; secret: string }
  /** Checks the success body; without it the body is passed on as parsed JSON. */
  answer?: z.ZodType<T>
}

const ANON_KEY = publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY

function reasonOf(status: number): FailureReason {
  if (status === 400 || status === 422) return 'validation'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 409) return 'conflict'
  if (status === 429) return 'rate_limited'
  return 'failed'
}

function errorOf(status: number, body: unknown): FunctionError {
  const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const fields: Record<string, string> = {}
  if (answer.fields && typeof answer.fields === 'object') {
    for (const [name, text] of Object.entries(answer.fields))
      if (typeof text === 'string') fields[name] = text
  }
  return {
    reason: reasonOf(status),
    status,
    code: typeof answer.error === 'string' ? answer.error : '',
    message: typeof answer.message === 'string' ? answer.message : '',
    fields,
  }
}

/**
 * Calls one of the project's edge functions from the server (the only way the apps reach them).
 * Never throws: a network failure or timeout is `unreachable`, a non-2xx answer keeps the
 * function's code, message and field messages, and a body the `answer` schema refuses is `failed`.
 */
export async function callFunction<T = unknown>(
  name: string,
  { method = 'POST', body, accessToken, visitor, answer }: FunctionCall<T> = {},
): Promise<FunctionResult<T>> {
  let response: Response
  let text: string
  try {
    response = await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
      method,
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${accessToken ?? ANON_KEY}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(visitor
          ? { [VISITOR_ADDRESS_HEADER]: visitor.address, [FORWARDER_SECRET_HEADER]: visitor.secret }
          : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000),
    })
    text = await response.text()
  } catch (error) {
    console.error(`${name} could not be reached`, error)
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { reason: 'unreachable', status: 0, code: '', message, fields: {} } }
  }
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // Not JSON (a proxy's error page): the text itself goes to the logs below.
  }
  if (!response.ok) {
    console.error(`${name} answered ${response.status}`, parsed)
    return { ok: false, error: errorOf(response.status, parsed) }
  }
  if (!answer) return { ok: true, status: response.status, data: parsed as T }
  const checked = answer.safeParse(parsed)
  if (checked.success) return { ok: true, status: response.status, data: checked.data }
  console.error(`${name} answered an unexpected body`, parsed)
  return { ok: false, error: { ...errorOf(response.status, parsed), reason: 'failed' } }
}
