'use client'

import { validate } from '@siyakha/schemas/action-state'
import {
  CLIENT_TICKET_CHANNELS,
  clientTicketSchema,
  PRIORITY_LABELS,
  TICKET_PRIORITIES,
} from '@siyakha/schemas/helpdesk'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import { logTicketForClientAction } from './actions'

const EMPTY = {
  full_name: '',
  email: '',
  phone: '',
  channel: 'phone',
  priority: 'normal',
  summary: '',
  details: '',
}

/** A plain form posting to a server action (it works before hydration), checked in the browser first. */
export function ClientTicketForm() {
  const form = useActionForm({
    action: logTicketForClientAction,
    empty: EMPTY,
    validate: (values) => validate(clientTicketSchema, values),
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form {...form.props} noValidate className="space-y-5">
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-brand-900">The client</legend>
        <InputField label="Client's name" autoComplete="off" required {...form.field('full_name')} />
        <InputField
          label="Client's email"
          type="email"
          autoComplete="off"
          required
          {...form.field('email')}
        />
        <InputField
          label="Client's phone (optional)"
          type="tel"
          autoComplete="off"
          {...form.field('phone')}
        />
        <SelectField label="How they reached us" required {...form.field('channel')}>
          {Object.entries(CLIENT_TICKET_CHANNELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="mb-2 font-semibold text-brand-900">The ticket</legend>
        <InputField label="Summary" maxLength={200} required {...form.field('summary')} />
        <TextareaField label="Details" rows={6} maxLength={10_000} {...form.field('details')} />
        <SelectField label="Priority" required {...form.field('priority')}>
          {TICKET_PRIORITIES.map((value) => (
            <option key={value} value={value}>
              {PRIORITY_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <FormOutcome problem={problem} pageNotice={null} />
      <Button type="submit" disabled={form.pending}>
        Log ticket
      </Button>
    </form>
  )
}
