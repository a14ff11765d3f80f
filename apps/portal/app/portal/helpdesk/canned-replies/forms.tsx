'use client'

import { validate } from '@siyakha/schemas/action-state'
import {
  CANNED_PLACEHOLDERS,
  CANNED_SCOPE_LABELS,
  CANNED_SCOPES,
  type CannedScope,
  cannedReplyEditSchema,
  cannedReplySchema,
} from '@siyakha/schemas/helpdesk'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import { addCannedReplyAction, editCannedReplyAction, removeCannedReplyAction } from './actions'

const PLACEHOLDER_HINT = `Placeholders: ${Object.entries(CANNED_PLACEHOLDERS)
  .map(([name, meaning]) => `{{${name}}} (${meaning})`)
  .join(', ')}.`

const SCOPE_HINT = 'Team: every agent can insert it. Personal: only you see it.'

function ScopeOptions() {
  return CANNED_SCOPES.map((scope) => (
    <option key={scope} value={scope}>
      {CANNED_SCOPE_LABELS[scope]}
    </option>
  ))
}

export function AddCannedReplyForm() {
  const form = useActionForm({
    action: addCannedReplyAction,
    empty: { title: '', body: '', scope: 'team' },
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
        hint={PLACEHOLDER_HINT}
        {...form.field('body')}
      />
      <SelectField label="Shared with" hint={SCOPE_HINT} {...form.field('scope')}>
        <ScopeOptions />
      </SelectField>
      <FormOutcome problem={problem} pageNotice={null} />
      <Button type="submit" disabled={form.pending}>
        Add canned reply
      </Button>
    </form>
  )
}

/** Edit in place: the reply's own fields, refilled with what was sent when the server refuses. */
export function EditCannedReplyForm({
  reply,
}: {
  reply: { id: string; title: string; body: string; scope: CannedScope }
}) {
  const form = useActionForm({
    action: editCannedReplyAction,
    validate: (values) => validate(cannedReplyEditSchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) =>
      state.reason === 'validation' ? null : { title: state.message, variant: 'destructive' },
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form
      {...form.props}
      key={form.key}
      noValidate
      className="mt-3 space-y-3"
      aria-label={`Edit ${reply.title}`}
      onChange={(event) => form.clearError((event.target as unknown as HTMLInputElement).name)}
    >
      <input type="hidden" name="id" value={reply.id} />
      <InputField label="Title" maxLength={80} required {...form.sentField('title', reply.title)} />
      <TextareaField
        label="Reply"
        rows={5}
        maxLength={4000}
        required
        {...form.sentField('body', reply.body)}
      />
      <SelectField label="Shared with" hint={SCOPE_HINT} {...form.sentField('scope', reply.scope)}>
        <ScopeOptions />
      </SelectField>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" size="sm" disabled={form.pending}>
        Save changes
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
