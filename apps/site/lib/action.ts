import 'server-only'
import { type ActionState, type Refusal, refused, validate, valuesOf } from '@siyakha/schemas/action-state'
import type { FunctionError } from '@siyakha/supabase/functions'
import { headers } from 'next/headers'
import { unstable_rethrow } from 'next/navigation'
import { z } from 'zod'
import { serverEnv } from './server-env'
import { type VerifiedSession, verifiedSession } from './site-session'
import { visitorAddress } from './visitor-address'

/** The spam trap's field (HoneypotField); the functions quietly drop submissions that fill it. */
const HONEYPOT = 'company_website'
const honeypot = z.string().max(500)

export type SiteActionContext<N extends string> = {
  values: Record<N, string>
  /** The trap's value, passed on for the function's spam check ('' from people). */
  honeypot: string
  /** The visitor's address, vouched for, for the function's rate limits. */
  visitor: { address: string; secret: string } | undefined
  /** The visitor's verified session, when the action asks for one. */
  session: VerifiedSession | null
}

export type SiteAction<D> = (previous: ActionState<D>, formData: FormData) => Promise<ActionState<D>>

/**
 * The only way a site server action is built. The forms post here (with JavaScript or without, so
 * nothing typed lands in a URL). The wrapper reads the fields as text (anything but a form reads
 * as an empty one), checks them with the shared schema again (the browser's check is a courtesy)
 * and the honeypot, finds the visitor's address (the socket's, or what the trusted proxies saw;
 * never a caller-typed entry) and, when asked, the session; then runs the body. Answers carry a
 * typed reason only: the browser gets no server internals, but does get back what it sent.
 */
export function siteAction<S extends z.ZodType, N extends string, D = null>(config: {
  fields: readonly N[]
  schema: S
  /** What the schema checks, when it is more than the fields (a fixed value added). */
  input?: (values: Record<N, string>) => unknown
  /** 'session': a signed-in visitor only (the body still gets the function's own check). */
  auth?: 'session'
  run: (data: z.output<S>, context: SiteActionContext<N>) => Promise<ActionState<D>>
}): SiteAction<D> {
  const { fields, schema, input = (values) => values, auth, run } = config
  return async (_previous, formData) => {
    const values = valuesOf(formData, fields)
    const session = auth === 'session' ? await verifiedSession() : null
    if (auth === 'session' && !session)
      return refused('unauthenticated', values, { message: 'Auth session missing!' })
    const trap = honeypot.safeParse(valuesOf(formData, [HONEYPOT])[HONEYPOT])
    const parsed = validate(schema, input(values))
    if (!parsed.ok || !trap.success) {
      const errors = parsed.ok ? {} : parsed.errors
      return refused('validation', values, { message: Object.values(errors)[0] ?? '', fieldErrors: errors })
    }
    try {
      const address = visitorAddress(await headers(), serverEnv.TRUSTED_PROXY_HOPS)
      const visitor = address ? { address, secret: serverEnv.FORWARDER_SECRET } : undefined
      return await run(parsed.data, { values, honeypot: trap.data, visitor, session })
    } catch (error) {
      // redirect() and notFound() travel as errors: let Next.js have them.
      unstable_rethrow(error)
      console.error('A site action failed', error)
      return refused('failed', values, { message: 'Unexpected error' })
    }
  }
}

/** A function's failure as the public forms word it: too many tries, no answer, or it failed. */
export function functionRefusal(error: FunctionError, values: Record<string, string>): Refusal {
  const reason = error.reason === 'rate_limited' || error.reason === 'unreachable' ? error.reason : 'failed'
  return refused(reason, values, { message: error.message })
}
