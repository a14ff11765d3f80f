'use client'

import type { ActionState } from '@siyakha/schemas/action-state'
import {
  CLOSE_REASON_LABELS,
  CLOSE_REASONS,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  TICKET_PRIORITIES,
} from '@siyakha/schemas/helpdesk'
import { TICKET_STATUSES } from '@siyakha/schemas/ticket'
import { type FormAction, useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { SelectField, TextareaField } from '@siyakha/ui/field'
import type { ReactNode } from 'react'
import { Card } from '@/components/card'
import { assignAction, changePriorityAction, changeStatusAction, replyAction } from './actions'

/**
 * One staff action as a form posting to its server action (it works before hydration too).
 * Success is a toast; a refusal stays on the form, next to the field it concerns, with what the
 * user sent put back, and focus moves to the first field that needs fixing.
 */
function useStaffAction(action: FormAction<null>) {
  return useActionForm({
    action,
    success: (state: Extract<ActionState, { status: 'success' }>) => ({
      title: state.message,
      variant: 'success',
    }),
  })
}

function Choices<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ))
}

function FormProblem({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}

type StaffActionForm = ReturnType<typeof useStaffAction>

/** The refusal's message for the whole form, when there is one. */
const problemOf = (form: StaffActionForm) => (form.state.status === 'error' ? form.state.message : undefined)

/**
 * One staff action's card: its form posts the ticket id and, for changes to the ticket itself,
 * the version of the ticket the page showed, so a change based on an outdated page is refused
 * instead of overwriting someone else's.
 */
function StaffForm({
  title,
  name,
  form,
  ticket: { ticketId, version },
  validate = false,
  submit,
  children,
}: {
  title: string
  /** Names the card's heading: `<name>-form-title`. */
  name: string
  form: StaffActionForm
  ticket: { ticketId: string; version?: number }
  /** Let the browser check the fields too; by default only the server's messages show. */
  validate?: boolean
  /** The submit button's label; the refusal's message shows above it. Without: the form has its own. */
  submit?: string
  children: ReactNode
}) {
  const id = `${name}-form-title`
  return (
    <Card title={title} id={id}>
      <form
        ref={form.formRef}
        action={form.formAction}
        className="mt-3 space-y-3"
        aria-labelledby={id}
        noValidate={!validate}
      >
        <input type="hidden" name="ticketId" value={ticketId} />
        {version === undefined ? null : <input type="hidden" name="version" value={version} />}
        {children}
        {submit ? (
          <>
            <FormProblem message={problemOf(form)} />
            <Button type="submit" size="sm" disabled={form.pending}>
              {submit}
            </Button>
          </>
        ) : null}
      </form>
    </Card>
  )
}

export function StatusForm({
  ticketId,
  version,
  status,
  closeReason,
}: {
  ticketId: string
  version: number
  status: string
  closeReason: string | null
}) {
  const form = useStaffAction(changeStatusAction)
  return (
    <StaffForm title="Status" name="status" form={form} ticket={{ ticketId, version }} submit="Update status">
      <div key={`${form.key}-${status}-${closeReason}`} className="space-y-3">
        <SelectField id="ticket-status" label="New status" {...form.sentField('status', status)}>
          <Choices values={TICKET_STATUSES} labels={STAFF_STATUS_LABELS} />
        </SelectField>
        <SelectField
          id="ticket-close-reason"
          label="Close reason"
          hint="Required when closing."
          {...form.sentField('closeReason', closeReason ?? '')}
        >
          <option value="">None (not closing)</option>
          <Choices values={CLOSE_REASONS} labels={CLOSE_REASON_LABELS} />
        </SelectField>
      </div>
    </StaffForm>
  )
}

export function PriorityForm({
  ticketId,
  version,
  priority,
}: {
  ticketId: string
  version: number
  priority: string
}) {
  const form = useStaffAction(changePriorityAction)
  return (
    <StaffForm
      title="Priority"
      name="priority"
      form={form}
      ticket={{ ticketId, version }}
      submit="Update priority"
    >
      <SelectField
        key={`${form.key}-${priority}`}
        id="ticket-priority"
        label="New priority"
        {...form.sentField('priority', priority)}
      >
        <Choices values={TICKET_PRIORITIES} labels={PRIORITY_LABELS} />
      </SelectField>
    </StaffForm>
  )
}

/** Who works the ticket: staff can take it or let it go (the names of others are not readable). */
export function AssignmentForm({
  ticketId,
  version,
  assignee,
}: {
  ticketId: string
  version: number
  assignee: 'you' | 'someone' | 'nobody'
}) {
  const form = useStaffAction(assignAction)
  const description = {
    you: 'Assigned to you.',
    someone: 'Assigned to someone else.',
    nobody: 'Unassigned.',
  }[assignee]
  return (
    <StaffForm title="Assignee" name="assignment" form={form} ticket={{ ticketId, version }} validate>
      <p className="text-sm text-slate-700">{description}</p>
      <FormProblem message={problemOf(form) || form.errors.assignee} />
      <div className="flex flex-wrap gap-2">
        {assignee === 'you' ? null : (
          <Button type="submit" size="sm" name="assignee" value="me" disabled={form.pending}>
            Assign to me
          </Button>
        )}
        {assignee === 'nobody' ? null : (
          <Button
            type="submit"
            size="sm"
            variant="outline"
            name="assignee"
            value="none"
            disabled={form.pending}
          >
            Unassign
          </Button>
        )}
      </div>
    </StaffForm>
  )
}

const clock = new Intl.DateTimeFormat('en-ZA', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
})

/** The client's WhatsApp as the reply form shows it (public.ticket_whatsapp). */
export interface ReplyWhatsapp {
  phone: string
  /** Until when WhatsApp takes a free-text reply (24 h after the client last wrote); null: shut. */
  windowOpenUntil: string | null
  /** Whether the approved ticket-update template may go while the window is shut. */
  mayTemplate: boolean
}

/** What will happen to a WhatsApp reply, said before it is sent (messaging-contract.md §5.1). */
function whatsappOutlook(whatsapp: ReplyWhatsapp): { text: string; possible: boolean } {
  if (whatsapp.windowOpenUntil) {
    return {
      text: `Window open until ${clock.format(new Date(whatsapp.windowOpenUntil))}: sent as a WhatsApp message to ${whatsapp.phone}.`,
      possible: true,
    }
  }
  if (whatsapp.mayTemplate) {
    return {
      text: `${whatsapp.phone} has not written in the last 24 hours: WhatsApp first gets the approved “ticket update” template, and your reply follows as soon as the client answers.`,
      possible: true,
    }
  }
  return {
    text: `${whatsapp.phone} has not written in the last 24 hours, so WhatsApp would not deliver a reply. Ask the client to message us first, or send a public reply by email.`,
    possible: false,
  }
}

export function ReplyForm({ ticketId, whatsapp }: { ticketId: string; whatsapp?: ReplyWhatsapp | null }) {
  const form = useStaffAction(replyAction)
  const kind = form.sent?.kind === 'internal' || form.sent?.kind === 'whatsapp' ? form.sent.kind : 'public'
  const outlook = whatsapp ? whatsappOutlook(whatsapp) : null
  return (
    <StaffForm title="Reply or note" name="reply" form={form} ticket={{ ticketId }} submit="Add to timeline">
      <div key={form.key} className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-brand-900">Visible to</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="kind" value="public" defaultChecked={kind === 'public'} />
            Public reply (the customer sees it)
          </label>
          {whatsapp && outlook ? (
            <div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value="whatsapp"
                  defaultChecked={kind === 'whatsapp' && outlook.possible}
                  disabled={!outlook.possible}
                  aria-describedby="reply-whatsapp-outlook"
                />
                WhatsApp reply to {whatsapp.phone} (the customer sees it)
              </label>
              <p id="reply-whatsapp-outlook" className="ml-6 text-xs text-slate-600">
                {outlook.text}
              </p>
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="kind" value="internal" defaultChecked={kind === 'internal'} />
            Internal note (staff only)
          </label>
          {form.errors.kind ? <p className="text-sm font-medium text-red-700">{form.errors.kind}</p> : null}
        </fieldset>
        <TextareaField
          id="reply-body"
          label="Message"
          rows={5}
          maxLength={4096}
          required
          {...form.sentField('body')}
        />
      </div>
    </StaffForm>
  )
}
