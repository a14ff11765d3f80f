/**
 * What a portal server action answers its form: nothing yet, done, or refused with the message
 * to show and the values the user sent (so the form can show them again). `at` tells two equal
 * answers apart, so the form re-mounts its fields and shows the latest one.
 */
export type ActionState =
  | { status: 'idle' }
  | { status: 'success'; message: string; at: number }
  | {
      status: 'error'
      /** A message for the whole form; empty when the field errors say it all. */
      message: string
      fieldErrors: Record<string, string>
      values: Record<string, string>
      at: number
    }

export const IDLE: ActionState = { status: 'idle' }

/** The form's fields as text (a missing or file field reads as ''), to validate and to send back. */
export function valuesOf(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    // A hand-made post can bind any value to this argument: read it as an empty form.
    const value = formData instanceof FormData ? formData.get(name) : null
    values[name] = typeof value === 'string' ? value : ''
  }
  return values
}

export function refused(
  values: Record<string, string>,
  message: string,
  fieldErrors: Record<string, string> = {},
): ActionState {
  return { status: 'error', message, fieldErrors, values, at: Date.now() }
}

export function succeeded(message: string): ActionState {
  return { status: 'success', message, at: Date.now() }
}
