'use client'

import type { ActionState, Refusal, Validation } from '@siyakha/schemas/action-state'
import {
  type ChangeEvent,
  type FormEvent,
  startTransition,
  useActionState,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { toast } from './toaster'
import { useHydrated } from './use-hydrated'

export type FormAction<D> = (previous: ActionState<D>, formData: FormData) => Promise<ActionState<D>>

export type FormNotice = {
  title: string
  description?: string
  variant: 'default' | 'success' | 'destructive'
}
type Answer<D> = Exclude<ActionState<D>, { status: 'idle' }>
type Success<D> = Extract<ActionState<D>, { status: 'success' }>

const IDLE = { status: 'idle' } as const

/**
 * Every form of both apps: a plain form posting to its server action (useActionState), so it works
 * before or without JavaScript, enhanced once hydrated.
 * - `validate` (optional) checks in the browser first with the shared schema; after a failed submit
 *   controlled fields are re-checked as they change, so a message clears once it is fixed.
 * - Field messages (the browser's or the server's) go under their fields and focus moves to the
 *   first invalid control; the values the server sends back refill the form.
 * - `success` / `failure` are the toasts; before hydration the same words are `pageNotice`, for
 *   the form to write on the page. `onAnswer` is for anything else (navigation, a hand-off).
 * Controlled fields (`empty` given) reset on success; uncontrolled ones re-mount with `key`.
 */
export function useActionForm<D, V extends Record<string, string> = Record<string, string>>(options: {
  action: FormAction<D>
  empty?: V
  validate?: (values: V) => Validation<unknown> | Promise<Validation<unknown>>
  /** Runs inside the submit, after the browser's check (e.g. opening a window a popup blocker allows). */
  beforeSend?: () => void
  success?: FormNotice | ((state: Success<D>) => FormNotice | null)
  failure?: FormNotice | ((state: Refusal) => FormNotice | null)
  onAnswer?: (state: Answer<D>) => void
}) {
  const { action, empty, validate, beforeSend, success, failure, onAnswer } = options
  const hydrated = useHydrated()
  const [state, formAction, pending] = useActionState(action, IDLE)
  const [values, setValues] = useState<V>(() => refill(empty ?? ({} as V), state))
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    state.status === 'error' ? state.fieldErrors : {},
  )
  const [attempted, setAttempted] = useState(state.status === 'error' && state.reason === 'validation')
  const [failedSubmits, setFailedSubmits] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  // What was typed before hydration is in the DOM but not in `values`, and the next render of a
  // controlled field (a keystroke in any other field) would write `values` back over it. Adopt it
  // once, as the form hydrates, before anything renders again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useLayoutEffect(() => {
    const form = formRef.current
    if (!empty || !form) return
    const typed: Record<string, string> = {}
    for (const name of Object.keys(empty)) {
      const control = form.elements.namedItem(name)
      const value = control && 'value' in control ? control.value : undefined
      if (typeof value === 'string' && value !== values[name]) typed[name] = value
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }))
  }, [])

  useEffect(() => {
    if (failedSubmits === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failedSubmits])

  const successNotice = state.status === 'success' ? pick(success, state) : null
  const failureNotice = state.status === 'error' ? pick(failure, state) : null

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers the server's latest state only
  useEffect(() => {
    if (state.status === 'idle') return
    if (state.status === 'success') {
      reset()
      if (successNotice) toast(successNotice.title, successNotice)
    } else {
      setErrors(state.fieldErrors)
      if (Object.keys(state.fieldErrors).length > 0) setFailedSubmits((n) => n + 1)
      if (failureNotice) {
        console.error('The form was not sent', state.reason)
        toast(failureNotice.title, failureNotice)
      }
    }
    onAnswer?.(state)
  }, [state])

  const check = async (next: V): Promise<Validation<unknown> | null> => {
    if (!validate) return null
    return validate(next)
  }

  const revalidate = (field: string, next: V) => {
    check(next).then(
      (result) =>
        setErrors((current) => {
          const message = result && !result.ok ? result.errors[field] : undefined
          if (current[field] === message) return current
          const { [field]: _old, ...rest } = current
          return message ? { ...rest, [field]: message } : rest
        }),
      (error: unknown) => console.error('Form validation could not run', error),
    )
  }

  /** Props for a controlled field: name, value, its message and the change handler. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (attempted) revalidate(name, next)
    },
  })

  /** Props for an uncontrolled field (re-mounted with `key`): what was sent back, else `initial`. */
  const sentField = (name: string, initial = '') => ({
    name,
    defaultValue: (state.status === 'error' ? state.values[name] : undefined) ?? initial,
    error: errors[name],
  })

  /** Forgets a field's message (an uncontrolled field the user is fixing). */
  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current
      const { [name]: _old, ...rest } = current
      return rest
    })

  /** Empties controlled fields and their messages (a form that finished in the browser). */
  const reset = () => {
    if (empty) setValues(empty)
    setErrors({})
    setAttempted(false)
  }

  /** Checks in the browser, then posts the form to the server action. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault()
    if (pending) return
    // Read now: the fields may change while the validator loads. The pressed button's name and
    // value count too, as in a plain form post.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const formData = new FormData(event.currentTarget, submitter)
    const sent = textOf(formData)
    // Checked is what is sent: the fields as the visitor sees them. They can be ahead of `values`
    // (text typed before the form hydrated, when a click replayed at hydration submits before the
    // form has adopted it; a password manager filling fields without an input event), and the next
    // render would write `values` back over them.
    const current = empty ? ({ ...values, ...fieldsOf(empty, sent) } as V) : (sent as V)
    if (empty) setValues(current)
    if (validate) {
      setAttempted(true)
      let result: Validation<unknown>
      try {
        // Awaited only when it is a promise: a window opened in beforeSend must stay in the click.
        const checked = validate(current)
        result = checked instanceof Promise ? await checked : checked
      } catch (error) {
        // A validator may be a lazily loaded chunk; offline, it may not arrive.
        console.error('Form validation could not run', error)
        toast('Something went wrong', {
          description: 'Please check your connection and try again.',
          variant: 'destructive',
        })
        return
      }
      if (!result.ok) {
        setErrors(result.errors)
        setFailedSubmits((n) => n + 1)
        return
      }
      setErrors({})
    }
    beforeSend?.()
    startTransition(() => formAction(formData))
  }

  // Before hydration there are no toasts: the outcome of a plain form post is written on the page.
  const pageNotice = hydrated ? null : (successNotice ?? failureNotice)

  return {
    /** For the `<form>`: posts to the action, checked in the browser first when it can run. */
    props: { ref: formRef, action: formAction, onSubmit },
    state,
    formAction,
    pending,
    hydrated,
    formRef,
    /** Changes with every answer: re-mounts uncontrolled fields so they show what came back. */
    key: state.status === 'idle' ? 'idle' : String(state.at),
    values,
    field,
    sentField,
    errors,
    errorCount: Object.keys(errors).length,
    clearError,
    reset,
    /** What was sent, when the action refused it. */
    sent: state.status === 'error' ? state.values : undefined,
    onSubmit,
    pageNotice,
  }
}

function pick<T>(notice: FormNotice | ((state: T) => FormNotice | null) | undefined, state: T) {
  return typeof notice === 'function' ? notice(state) : (notice ?? null)
}

function textOf(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of formData) if (typeof value === 'string') values[name] = value
  return values
}

/** The controlled fields' values among what the form sends (a field not in the form keeps its own). */
function fieldsOf(empty: Record<string, string>, sent: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of Object.keys(empty)) {
    const value = sent[name]
    if (typeof value === 'string') fields[name] = value
  }
  return fields
}

/** The values to show: what was sent when the server refused it, otherwise the empty fields. */
function refill<V extends Record<string, string>>(empty: V, state: ActionState<unknown>): V {
  return state.status === 'error' ? ({ ...empty, ...fieldsOf(empty, state.values) } as V) : empty
}
