import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cn } from './cn'

type FieldOwnProps = {
  label: ReactNode
  name: string
  /** The message shown under the control; sets aria-invalid and joins aria-describedby. */
  error?: string
  hint?: ReactNode
  /** Adds "(optional)" to the label. */
  optional?: boolean
  className?: string
}

/** theme.css */
export const controlClasses = 'field-control'

function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const fallback = useId()
  const controlId = id ?? fallback
  const errorId = `${controlId}-error`
  const hintId = `${controlId}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return { controlId, errorId, hintId, describedBy }
}

function FieldFrame({
  label,
  optional,
  controlId,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: {
  label: ReactNode
  optional?: boolean
  controlId: string
  hint?: ReactNode
  hintId: string
  error?: string
  errorId: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="field-label">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Splits a field's props into the frame's (label, hint, error) and the control's, with the ids and
 * ARIA state that tie the label, hint and error to the control.
 */
function useField<P extends FieldOwnProps & { id?: string }>({
  label,
  name,
  error,
  hint,
  optional,
  className,
  id,
  ...rest
}: P) {
  const ids = useFieldIds(id, error, hint)
  return {
    frame: { label, optional, hint, error, className, ...ids },
    control: {
      id: ids.controlId,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.describedBy,
      className: controlClasses,
      ...rest,
    },
  }
}

export type InputFieldProps = FieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>

export function InputField(props: InputFieldProps) {
  const { frame, control } = useField(props)
  return (
    <FieldFrame {...frame}>
      <input {...control} />
    </FieldFrame>
  )
}

export type SelectFieldProps = FieldOwnProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>

export function SelectField(props: SelectFieldProps) {
  const { frame, control } = useField(props)
  return (
    <FieldFrame {...frame}>
      <select {...control} />
    </FieldFrame>
  )
}

export type TextareaFieldProps = FieldOwnProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> & { ref?: Ref<HTMLTextAreaElement> }

export function TextareaField(props: TextareaFieldProps) {
  const { frame, control } = useField(props)
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
  )
}
