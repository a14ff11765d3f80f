import { toast } from '@siyakha/ui/toaster'
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'

export type Validation<P> = { ok: true; data: P } | { ok: false; errors: Record<string, string> }

/** Validates the values; forms pass a function that imports their zod schema on demand. */
export type Validator<V, P> = (values: V) => Promise<Validation<P>>

/**
 * Controlled form state with validation on submit. After a failed submit each field is
 * re-validated as it changes, so its message clears once it is fixed (other fields keep theirs).
 * On a failed submit focus moves to the first invalid control.
 */
export function useValidatedForm<V extends Record<string, string>, P>(initial: V, validate: Validator<V, P>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [attempted, setAttempted] = useState(false)
  const [failedSubmits, setFailedSubmits] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (failedSubmits === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failedSubmits])

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

  /** Validates, then hands valid data to `onValid`; an invalid form shows its messages instead. */
  const submitWith =
    (onValid: (data: P) => void | Promise<void>) =>
    async (event: FormEvent<HTMLFormElement>): Promise<void> => {
      event.preventDefault()
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
      await onValid(result.data)
    }

  const reset = () => {
    setValues(initial)
    setErrors({})
    setAttempted(false)
  }

  return { values, errors, field, formRef, submitWith, reset, errorCount: Object.keys(errors).length }
}
