'use client'

import { validate } from '@siyakha/schemas/action-state'
import { CANNED_PLACEHOLDERS, cannedReplySchema } from '@siyakha/schemas/helpdesk'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import { addCannedReplyAction, removeCannedReplyAction } from './actions'

export function AddCannedReplyForm() {
  const form = useActionForm({
    action: addCannedReplyAction,
    empty: { title: '', body: '' },
    validate: (values) => validate(cannedReplySchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form {...form.props} noValidate className="space-y-4" aria-labelledby="add-canned-title">
      <InputField label="Title" maxLength={80} required {...form.field('title')} />
      <TextareaField
        label="Reply"
        rows={6}
        maxLength={4000}
        required
        hint={`Placeholders: ${Object.entries(CANNED_PLACEHOLDERS)
          .map(([name, meaning]) => `{{${name}}} (${meaning})`)
          .join(', ')}.`}
        {...form.field('body')}
      />
      <FormOutcome problem={problem} pageNotice={null} />
      <Button type="submit" disabled={form.pending}>
        Add canned reply
      </Button>
    </form>
  )
}

export function RemoveCannedReplyButton({ id, title }: { id: string; title: string }) {
  const form = useActionForm({
    action: removeCannedReplyAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) => ({ title: state.message, variant: 'destructive' }),
  })
  return (
    <form action={form.formAction}>
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={form.pending}
        aria-label={`Remove ${title}`}
      >
        Remove
      </Button>
      {form.pageNotice ? <p className="mt-1 text-xs">{form.pageNotice.title}</p> : null}
    </form>
  )
}
