import { z } from 'zod'

/**
 * Why a server action refused, so a form can choose what to show without parsing messages.
 * 'validation': the schema said no (fieldErrors say where). 'unauthenticated': no session.
 * 'forbidden': signed in, but the role or row-level security says no. 'conflict': someone changed
 * the record since the page loaded. 'rate_limited', 'unreachable' (a service did not answer) and
 * 'failed' (anything else, logged on the server) come from the edge functions and the database.
 */
export const FAILURE_REASONS = [
  'validation',
  'unauthenticated',
  'forbidden',
  'conflict',
  'rate_limited',
  'unreachable',
  'failed',
] as const
export type FailureReason = (typeof FAILURE_REASONS)[number]

/** A toast once the page has JavaScript; the same words written on the page before. */
export type Notice = {
  title: string
  description?: string
  variant: 'default' | 'success' | 'destructive'
}

/**
 * What every server action answers its form (`useActionState`): nothing yet, done with its data,
 * or refused with the reason, the messages per field and what was sent (so the form shows it
 * again, also when a plain form post without JavaScript rendered the page). `message` is for the
 * whole form (empty when the field messages say it all); `at` tells two equal answers apart.
 */
export type ActionState<D = null> =
  | { status: 'idle' }
  | { status: 'success'; data: D; message: string; notice?: Notice; at: number }
  | {
      status: 'error'
      reason: FailureReason
      message: string
      notice?: Notice
      fieldErrors: Record<string, string>
      values: Record<string, string>
      at: number
    }

export type Refusal = Extract<ActionState<never>, { status: 'error' }>

export const IDLE = { status: 'idle' } as const satisfies ActionState<never>

export function succeeded<D = null>(
  data: D,
  extra: { message?: string; notice?: Notice } = {},
): ActionState<D> {
  return { status: 'success', data, message: extra.message ?? '', notice: extra.notice, at: Date.now() }
}

export function refused(
  reason: FailureReason,
  values: Record<string, string>,
  extra: { message?: string; notice?: Notice; fieldErrors?: Record<string, string> } = {},
): Refusal {
  return {
    status: 'error',
    reason,
    message: extra.message ?? '',
    notice: extra.notice,
    fieldErrors: extra.fieldErrors ?? {},
    values,
    at: Date.now(),
  }
}

/**
 * The form's fields as text (a missing or file field reads as ''), to validate and to send back.
 * A hand-made post can bind any value to a server action's argument: anything but FormData reads
 * as an empty form, so it gets a validation answer rather than a crash.
 */
export function valuesOf<N extends string>(formData: unknown, names: readonly N[]): Record<N, string> {
  const values = {} as Record<N, string>
  for (const name of names) {
    const value = formData instanceof FormData ? formData.get(name) : null
    values[name] = typeof value === 'string' ? value : ''
  }
  return values
}

/** One message per field (the first the schema gives), for rendering under each control. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string>
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string>
export function fieldErrors(
  source: z.ZodError | z.ZodType | undefined,
  input?: unknown,
): Record<string, string> {
  const error = source instanceof z.ZodError || source === undefined ? source : source.safeParse(input).error
  const errors: Record<string, string> = {}
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message
  }
  return errors
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> }

/** Parses with the shared schema; the browser's check and the server's answer use the same one. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const parsed = schema.safeParse(input)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) }
}
