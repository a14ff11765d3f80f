/**
 * What a public form's server action answers: nothing yet, sent, or refused, with the reason, the
 * messages per field and what the visitor typed (so the form shows it again, also when the page
 * was rendered by a plain form post without JavaScript). `at` tells two equal answers apart.
 */
export type FormState =
  | { status: 'idle' }
  | { status: 'success'; reference?: string; at: number }
  | {
      status: 'error'
      reason: 'validation' | 'failed' | 'rate_limited' | 'unreachable'
      fieldErrors: Record<string, string>
      values: Record<string, string>
      at: number
    }

export const IDLE: FormState = { status: 'idle' }

/** A form's server action, as useActionState and `<form action>` take it. */
export type FormAction = (previous: FormState, formData: FormData) => Promise<FormState>

/** The form's fields as text (a missing or file field reads as ''). */
export function valuesOf(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    // A hand-made post can bind any value to this argument: read it as an empty form.
    const value = formData instanceof FormData ? formData.get(name) : null
    values[name] = typeof value === 'string' ? value : ''
  }
  return values
}
