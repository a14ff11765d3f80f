import 'server-only'
import {
  type ActionState,
  type FailureReason,
  type Refusal,
  refused,
  validate,
  valuesOf,
} from '@siyakha/schemas/action-state'
import { HELPDESK_MESSAGES } from '@siyakha/schemas/helpdesk'
import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { unstable_rethrow } from 'next/navigation'
import type { z } from 'zod'
import { currentStaffAccess, currentUser, isProviderAdmin, type SessionUser, serverSupabase } from './session'

export const SIGNED_OUT = 'Your session has ended. Sign in again to continue.'

export type ActionContext<N extends string, U = SessionUser> = {
  user: U
  supabase: TypedSupabaseClient
  /** What the form sent, as text: answered back when the action refuses. */
  values: Record<N, string>
  /** The files of the config's `files` field (empty file inputs left out); [] without one. */
  files: File[]
}

type ActionConfig<S extends z.ZodType, N extends string, D, U> = {
  fields: readonly N[]
  schema: S
  /** A check before the schema's, for a message the schema cannot give (e.g. 'fill in all fields'). */
  precheck?: (values: Record<N, string>) => Refusal | null
  run: (data: z.output<S>, context: ActionContext<N, U>) => Promise<ActionState<D>>
  /** Words a refusal for this form (a toast, a line on a card); by default its message. */
  present?: (refusal: Refusal) => Refusal
  /** The name of a file input whose files the body gets as `context.files`. */
  files?: string
}

export type PortalAction<D> = (previous: ActionState<D>, formData: FormData) => Promise<ActionState<D>>

/**
 * The only way a portal server action is built. A server action is reachable by any POST, so the
 * wrapper reads the fields as text (anything but a form reads as an empty one), checks the session
 * and the role, validates with the shared schema and only then runs the body as the signed-in user
 * (row-level security and the ticket triggers have the last word). Every refusal is one typed
 * `Refusal`; `present` lets a form word it its own way (a toast, a line on a card).
 */
export function portalAction<S extends z.ZodType, N extends string, D = null>(
  config: ActionConfig<S, N, D, SessionUser> & {
    /**
     * 'staff': provider staff only (siyakha_admin, agent); 'admin': provider admins only (the admin
     * screens). Anyone else reads "not found".
     */
    role?: 'user' | 'staff' | 'admin'
  },
): PortalAction<D>
export function portalAction<S extends z.ZodType, N extends string, D = null>(
  config: ActionConfig<S, N, D, SessionUser | null> & {
    /** 'anyone': signing in and up, where there is no session yet. */
    role: 'anyone'
  },
): PortalAction<D>
export function portalAction<S extends z.ZodType, N extends string, D = null>(
  // `never`: the overloads above tie each role to the user its body may count on.
  config: ActionConfig<S, N, D, never> & { role?: 'anyone' | 'user' | 'staff' | 'admin' },
): PortalAction<D> {
  const {
    fields,
    schema,
    role = 'user',
    precheck,
    run,
    present = (refusal) => refusal,
    files: fileField,
  } = config
  return async (_previous, formData) => {
    const values = valuesOf(formData, fields)
    const refuse = (reason: FailureReason, message: string, fieldErrors: Record<string, string> = {}) =>
      present(refused(reason, values, { message, fieldErrors }))
    const user = role === 'anyone' ? null : await currentUser()
    if (!user && role !== 'anyone') return refuse('unauthenticated', SIGNED_OUT)
    if (role === 'staff' || role === 'admin') {
      const access = await currentStaffAccess()
      // Staff whose session lacks the second factor they turned on, or the provider requires, are
      // told so; the database refuses them anyway.
      if (access.staffMember && access.hasSecondFactor && access.aal !== 'aal2')
        return refuse('forbidden', TWO_FACTOR_MESSAGES.codeNeeded)
      if (access.staffMember && access.required && !access.staffAccess)
        return refuse('forbidden', TWO_FACTOR_MESSAGES.required)
      if (!access.staffAccess) return refuse('forbidden', HELPDESK_MESSAGES.notFound)
      if (role === 'admin' && !(await isProviderAdmin()))
        return refuse('forbidden', HELPDESK_MESSAGES.notFound)
    }
    const early = precheck?.(values)
    if (early) return present(early)
    const parsed = validate(schema, values)
    if (!parsed.ok) return refuse('validation', Object.values(parsed.errors)[0] ?? '', parsed.errors)
    try {
      const files = fileField ? filesOf(formData, fileField) : []
      const answer = await run(parsed.data, {
        user: user as never,
        supabase: await serverSupabase(),
        values,
        files,
      })
      return answer.status === 'error' ? present(answer) : answer
    } catch (error) {
      // redirect() and notFound() travel as errors: let Next.js have them.
      unstable_rethrow(error)
      console.error('A portal action failed', error)
      return refuse('failed', 'Something went wrong. Please try again.')
    }
  }
}

/**
 * The chosen files of a file input. A form without a choice still sends one empty file (named ""
 * or "blob", depending on who encoded the form), so empty files are left out; the file picker
 * tells people about an empty file of theirs before they send.
 */
function filesOf(formData: unknown, name: string): File[] {
  if (!(formData instanceof FormData)) return []
  return formData.getAll(name).filter((value): value is File => value instanceof File && value.size > 0)
}

/** A refusal with the values the form sent, for the body of an action. */
export function refuse<N extends string>(
  context: Pick<ActionContext<N>, 'values'>,
  reason: FailureReason,
  message: string,
): Refusal {
  return refused(reason, context.values, { message })
}
