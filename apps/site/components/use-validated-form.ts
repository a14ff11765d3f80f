'use client'

import { toast } from '@siyakha/ui/toaster'
import {
  type ChangeEvent,
  type FormEvent,
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
} from 'react'
import { type FormAction, type FormState, IDLE } from '@/lib/form-state'
import { useHydrated } from '@/lib/use-hydrated'

export type Validation<P> = { ok: true; data: P } | { ok: false; errors: Record<string, string> }

/** Validates the values; forms pass a function that imports their zod schema on demand. */
export type Validator<V, P> = (values: V) => Promise<Validation<P>>

type Notice = { title: string; description: string }

/** What a form shows on the page instead of a toast while it has no JavaScript. */
export type PageNotice = Notice & { tone: 'success' | 'error' }

/**
 * A public form posting to its server action (useActionState): a plain POST form that works
 * before or without JavaScript, enhanced once hydrated. Controlled fields, validated on submit in
 * the browser first; after a failed submit each field is re-validated as it changes, so its message
 * clears once it is fixed, and focus moves to the first invalid control. Success: toast and reset.
 * Failure: toast, values kept. Without JavaScript the server's answer (messages, the values typed,
 * the outcome) is rendered into the page instead.
 */
export function useValidatedForm<V extends Record<string, string>, P>({
  action,
  empty,
  validate,
  success,
  failure,
  what,
}: {
  action: FormAction
  empty: V
  validate: Validator<V, P>
  success: Notice
  failure: Notice
  /** For the console when sending fails: 'Quote request', 'Support request'. */
  what: string
}) {
  const hydrated = useHydrated()
  const [state, formAction, submitting] = useActionState(action, IDLE)
  const [values, setValues] = useState<V>(() => refill(empty, state))
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    state.status === 'error' ? state.fieldErrors : {},
  )
  const [attempted, setAttempted] = useState(state.status === 'error' && state.reason === 'validation')
  const [failedSubmits, setFailedSubmits] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (failedSubmits === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failedSubmits])

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers the server's latest state only
  useEffect(() => {
    if (state.status === 'idle') return
    if (state.status === 'success') {
      toast(success.title, { description: success.description, variant: 'success' })
      setValues(empty)
      setErrors({})
      setAttempted(false)
      return
    }
    if (state.reason === 'validation') {
      setErrors(state.fieldErrors)
      setFailedSubmits((n) => n + 1)
      return
    }
    console.error(`${what} was not sent`, state.reason)
    toast(failure.title, { description: failure.description, variant: 'destructive' })
  }, [state])

  const revalidate = (field: string, next: V) => {
    validate(next).then(
      (result) =>
        setErrors((current) => {
          const message = result.ok ? undefined : result.errors[field]
          if (current[field] === message) return current
          const { [field]: _old, ...rest } = current
          return message ? { ...rest, [field]: message } : rest
        }),
      (error: unknown) => console.error('Form validation could not run', error),
    )
  }

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (attempted) revalidate(name, next)
    },
  })

  /** Validates in the browser, then posts the form to the server action; an invalid form shows its messages. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault()
    if (submitting) return
    // Read now: the fields may change while the validator loads.
    const formData = new FormData(event.currentTarget)
    setAttempted(true)
    let result: Validation<P>
    try {
      result = await validate(values)
    } catch (error) {
      // The validator is a lazily loaded chunk; offline, it may not arrive.
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
    startTransition(() => formAction(formData))
  }

  // Before hydration there are no toasts: the outcome of a plain form post is written on the page.
  let pageNotice: PageNotice | null = null
  if (!hydrated && state.status === 'success') pageNotice = { ...success, tone: 'success' }
  if (!hydrated && state.status === 'error' && state.reason !== 'validation')
    pageNotice = { ...failure, tone: 'error' }

  return {
    values,
    errors,
    field,
    formRef,
    formAction,
    onSubmit,
    submitting,
    pageNotice,
    errorCount: Object.keys(errors).length,
  }
}

/** The values to show: what the visitor sent when the server refused it, otherwise empty fields. */
function refill<V extends Record<string, string>>(empty: V, state: FormState): V {
  if (state.status !== 'error') return empty
  const values = { ...empty }
  for (const key of Object.keys(empty) as (keyof V & string)[]) {
    const sent = state.values[key]
    if (typeof sent === 'string') values[key] = sent as V[typeof key]
  }
  return values
}
