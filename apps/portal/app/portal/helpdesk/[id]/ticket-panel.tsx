'use client'

import type { ActionState } from '@siyakha/schemas/action-state'
import {
  CLOSE_REASON_LABELS,
  CLOSE_REASONS,
  HELPDESK_MESSAGES,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  TICKET_PRIORITIES,
} from '@siyakha/schemas/helpdesk'
import { TICKET_STATUSES } from '@siyakha/schemas/ticket'
import { type FormAction, useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { useHydrated } from '@siyakha/ui/use-hydrated'
import { type ReactNode, useState } from 'react'
import {
  assignAction,
  changeCompanyAction,
  changePriorityAction,
  changeStatusAction,
  changeTagsAction,
} from './actions'

/**
 * The ticket's side panel. Each property is its own small form posting to its server action with
 * the ticket's version: it saves as soon as it changes (a Save button stands in without
 * JavaScript), a change based on an outdated page is refused and the form shows the current value
 * with a message saying so, and success is a toast.
 */
function usePropertyForm(action: FormAction<null>) {
  return useActionForm({
    action,
    success: (state: Extract<ActionState, { status: 'success' }>) => ({
      title: state.message,
      variant: 'success',
    }),
  })
}

type PropertyForm = ReturnType<typeof usePropertyForm>

interface TicketRef {
  ticketId: string
  version: number
}

/** Sends the form now, as the Save button would (the browser's own submit, so it posts the action). */
const saveNow = (form: PropertyForm) => form.formRef.current?.requestSubmit()

function PropertyForm({
  name,
  form,
  ticket,
  children,
}: {
  /** The form's accessible name. */
  name: string
  form: PropertyForm
  ticket: TicketRef
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const problem = form.state.status === 'error' ? form.state.message : undefined
  return (
    <form ref={form.formRef} action={form.formAction} aria-label={name} className="space-y-2" noValidate>
      <input type="hidden" name="ticketId" value={ticket.ticketId} />
      <input type="hidden" name="version" value={ticket.version} />
      {children}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <p aria-live="polite" className="text-xs text-slate-600">
        {form.pending ? 'Saving…' : ''}
      </p>
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="outline">
          Save {name.toLowerCase()}
        </Button>
      )}
    </form>
  )
}

function Choices<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ))
}

/**
 * Status, and what some moves need first: picking "Closed" waits for the reason, "Waiting on
 * customer" for the question the customer is sent (a public reply, with the change).
 */
export function StatusField({
  ticket,
  status,
  closeReason,
}: {
  ticket: TicketRef
  status: string
  closeReason: string | null
}) {
  const form = usePropertyForm(changeStatusAction)
  return (
    <PropertyForm name="Status" form={form} ticket={ticket}>
      {/* Re-mounted with each answer and each new status, so its memory of the choice starts afresh. */}
      <StatusChoices
        key={`${form.key}-${status}-${closeReason}`}
        form={form}
        status={status}
        closeReason={closeReason}
      />
    </PropertyForm>
  )
}

function StatusChoices({
  form,
  status,
  closeReason,
}: {
  form: PropertyForm
  status: string
  closeReason: string | null
}) {
  const sent = form.sentField('status', status)
  const [chosen, setChosen] = useState(String(sent.defaultValue))
  return (
    <div className="space-y-2">
      <SelectField
        id="ticket-status"
        label="Status"
        {...sent}
        onChange={(event) => {
          setChosen(event.target.value)
          const reason = event.currentTarget.form?.elements.namedItem(
            'closeReason',
          ) as HTMLSelectElement | null
          // Closing needs a reason first: the reason's own change sends the form. Waiting on the
          // customer needs the question: its button sends the form.
          if (event.target.value === 'closed' && !reason?.value) reason?.focus()
          else if (event.target.value === 'waiting_on_customer' && status !== 'waiting_on_customer') return
          else saveNow(form)
        }}
      >
        <Choices values={TICKET_STATUSES} labels={STAFF_STATUS_LABELS} />
      </SelectField>
      <SelectField
        id="ticket-close-reason"
        label="Close reason"
        hint={chosen === 'closed' ? HELPDESK_MESSAGES.closeReasonRequired : 'Only when closing.'}
        {...form.sentField('closeReason', closeReason ?? '')}
        onChange={(event) => {
          if (chosen === 'closed' && event.target.value) saveNow(form)
        }}
      >
        <option value="">None (not closing)</option>
        <Choices values={CLOSE_REASONS} labels={CLOSE_REASON_LABELS} />
      </SelectField>
      {chosen === 'waiting_on_customer' && status !== 'waiting_on_customer' ? (
        <>
          <TextareaField
            id="ticket-question"
            label="Question for the customer"
            hint="Sent to them as a public reply (portal and email) with the change."
            rows={3}
            maxLength={4096}
            required
            autoFocus
            {...form.sentField('question')}
          />
          <Button type="submit" size="sm" disabled={form.pending}>
            Ask and wait for the customer
          </Button>
        </>
      ) : null}
    </div>
  )
}

export function PriorityField({ ticket, priority }: { ticket: TicketRef; priority: string }) {
  const form = usePropertyForm(changePriorityAction)
  return (
    <PropertyForm name="Priority" form={form} ticket={ticket}>
      <SelectField
        key={`${form.key}-${priority}`}
        id="ticket-priority"
        label="Priority"
        {...form.sentField('priority', priority)}
        onChange={() => saveNow(form)}
      >
        <Choices values={TICKET_PRIORITIES} labels={PRIORITY_LABELS} />
      </SelectField>
    </PropertyForm>
  )
}

export interface StaffOption {
  id: string
  name: string
}

/** Any agent, nobody, or (one click) the agent themselves. */
export function AssigneeField({
  ticket,
  assignee,
  staff,
  userId,
}: {
  ticket: TicketRef
  /** The assignee's id, or null. */
  assignee: string | null
  staff: readonly StaffOption[]
  userId: string
}) {
  const form = usePropertyForm(assignAction)
  const hydrated = useHydrated()
  const current = assignee ?? 'none'
  return (
    <PropertyForm name="Assignee" form={form} ticket={ticket}>
      <SelectField
        key={`${form.key}-${current}`}
        id="ticket-assignee"
        label="Assignee"
        {...form.sentField('assignee', current)}
        onChange={() => saveNow(form)}
      >
        <option value="none">Unassigned</option>
        {staff.map((person) => (
          <option key={person.id} value={person.id}>
            {person.id === userId ? `${person.name} (you)` : person.name}
          </option>
        ))}
      </SelectField>
      {assignee === userId || !hydrated ? null : (
        <Button
          size="sm"
          variant="outline"
          disabled={form.pending}
          onClick={(event) => {
            const select = event.currentTarget.form?.elements.namedItem(
              'assignee',
            ) as HTMLSelectElement | null
            if (!select) return
            select.value = userId
            saveNow(form)
          }}
        >
          Assign to me
        </Button>
      )}
    </PropertyForm>
  )
}

export interface CompanyOption {
  id: string
  name: string
}

export function CompanyField({
  ticket,
  company,
  companies,
}: {
  ticket: TicketRef
  company: string | null
  companies: readonly CompanyOption[]
}) {
  const form = usePropertyForm(changeCompanyAction)
  return (
    <PropertyForm name="Company" form={form} ticket={ticket}>
      <SelectField
        key={`${form.key}-${company}`}
        id="ticket-company"
        label="Company"
        {...form.sentField('company', company ?? '')}
        onChange={() => saveNow(form)}
      >
        <option value="">None (individual customer)</option>
        {companies.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </SelectField>
    </PropertyForm>
  )
}

/** Tags as a comma-separated list: saved on Enter or when the field is left changed. */
export function TagsField({ ticket, tags }: { ticket: TicketRef; tags: readonly string[] }) {
  const form = usePropertyForm(changeTagsAction)
  const saved = tags.join(', ')
  return (
    <PropertyForm name="Tags" form={form} ticket={ticket}>
      <InputField
        key={`${form.key}-${saved}`}
        id="ticket-tags"
        label="Tags"
        hint="Comma-separated, e.g. printer, vpn"
        autoComplete="off"
        {...form.sentField('tags', saved)}
        onBlur={(event) => {
          if (event.target.value.trim() !== saved) saveNow(form)
        }}
      />
    </PropertyForm>
  )
}
