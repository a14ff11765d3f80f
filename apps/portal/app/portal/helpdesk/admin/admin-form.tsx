'use client'

import type { ActionState } from '@siyakha/schemas/action-state'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button, type ButtonVariant } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'

export type AdminField =
  | { kind: 'hidden'; name: string; value: string }
  | {
      kind: 'text' | 'email' | 'textarea'
      name: string
      label: string
      initial?: string
      required?: boolean
      maxLength?: number
      hint?: string
      optional?: boolean
    }
  | {
      kind: 'select'
      name: string
      label: string
      initial?: string
      options: readonly { value: string; label: string }[]
    }

/**
 * One form of the admin screens: its fields (uncontrolled, so a plain post without JavaScript works
 * and a refusal shows what was typed again), a button, the server's refusal on the form and a
 * toast. The action is a portalAction with role 'admin'; the page it changes is revalidated there.
 */
export function AdminForm({
  action,
  fields,
  submit,
  variant = 'primary',
  inline = false,
  label,
}: {
  action: (previous: ActionState<null>, formData: FormData) => Promise<ActionState<null>>
  fields: readonly AdminField[]
  submit: string
  variant?: ButtonVariant
  /** Fields and button on one line (a small form in a list). */
  inline?: boolean
  /** The form's accessible name, when a list has many alike. */
  label?: string
}) {
  const form = useActionForm({
    action,
    success: ({ message }) => (message ? { title: message, variant: 'success' } : null),
    failure: ({ message }) => ({ title: message || 'Please check the form.', variant: 'destructive' }),
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form
      {...form.props}
      noValidate
      aria-label={label}
      className={inline ? 'flex flex-wrap items-end gap-2' : 'space-y-3'}
    >
      <div key={form.key} className={inline ? 'contents' : 'space-y-3'}>
        {fields.map((field) => {
          if (field.kind === 'hidden')
            return <input key={field.name} type="hidden" name={field.name} value={field.value} />
          const sent = form.sentField(field.name, field.initial ?? '')
          if (field.kind === 'select')
            return (
              <SelectField key={field.name} label={field.label} {...sent}>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            )
          if (field.kind === 'textarea')
            return (
              <TextareaField
                key={field.name}
                label={field.label}
                rows={3}
                maxLength={field.maxLength}
                required={field.required}
                hint={field.hint}
                optional={field.optional}
                {...sent}
              />
            )
          return (
            <InputField
              key={field.name}
              type={field.kind}
              label={field.label}
              maxLength={field.maxLength}
              required={field.required}
              hint={field.hint}
              optional={field.optional}
              {...sent}
            />
          )
        })}
      </div>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" size={inline ? 'sm' : 'md'} variant={variant} disabled={form.pending}>
        {submit}
      </Button>
    </form>
  )
}
