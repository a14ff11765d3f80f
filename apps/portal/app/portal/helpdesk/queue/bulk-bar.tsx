'use client'

import {
  CLOSE_REASON_LABELS,
  CLOSE_REASONS,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  TICKET_PRIORITIES,
} from '@siyakha/schemas/helpdesk'
import { TICKET_STATUSES } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { SelectField } from '@siyakha/ui/field'
import { useEffect, useState } from 'react'
import { bulkChangeAction } from './actions'
import type { StaffChoice } from './filters-form'

const ROW_BOXES = 'input[name="ids"][form="bulk-form"]'

/** How many row checkboxes are ticked, kept up to date as they change. */
function useSelectedCount(): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    const recount = () => setCount(document.querySelectorAll(`${ROW_BOXES}:checked`).length)
    recount()
    const onChange = (event: Event) => {
      if ((event.target as Element | null)?.matches?.(ROW_BOXES)) recount()
    }
    document.addEventListener('change', onChange)
    return () => document.removeEventListener('change', onChange)
  }, [])
  return count
}

/**
 * Bulk changes: the rows' checkboxes belong to this form (form="bulk-form"), so it posts the
 * selected ids with the change, with or without JavaScript. A field left on "Keep" is not changed.
 */
export function BulkBar({ staff }: { staff: readonly StaffChoice[] }) {
  const selected = useSelectedCount()
  const form = useActionForm({
    action: bulkChangeAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    onAnswer: (state) => {
      if (state.status !== 'success') return
      for (const box of document.querySelectorAll<HTMLInputElement>(`${ROW_BOXES}:checked`)) box.click()
    },
  })
  // A field's own message shows under it; anything else (no ticket ticked, a refusal) here.
  const underAField = Object.keys(form.errors).some((name) => name !== 'ids')
  const problem = form.state.status === 'error' && !underAField ? form.state.message : undefined
  return (
    // Posted by the hook's submit handler, not as a React form action, which resets the form (and
    // with it the rows' checkboxes, which belong to it) after every answer: a refused change keeps
    // the selection, to be fixed and applied again. A plain post without JavaScript still works.
    <form
      id="bulk-form"
      {...form.props}
      aria-labelledby="bulk-form-title"
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-[auto_repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <h2 id="bulk-form-title" className="text-sm font-semibold text-brand-900 lg:self-center">
        Change selected
        <span aria-live="polite" className="block font-normal text-slate-600">
          {selected === 1 ? '1 ticket selected' : `${selected} tickets selected`}
        </span>
      </h2>
      <div key={form.key} className="contents">
        <SelectField id="bulk-assignee" label="Assign to" {...form.sentField('assignee')}>
          <option value="">Keep</option>
          <option value="none">Nobody (unassign)</option>
          {staff.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="bulk-status" label="Set status" {...form.sentField('status')}>
          <option value="">Keep</option>
          {/* Waiting on a customer needs the question they are asked: one ticket at a time. */}
          {TICKET_STATUSES.filter((status) => status !== 'waiting_on_customer').map((status) => (
            <option key={status} value={status}>
              {STAFF_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField id="bulk-close-reason" label="Close reason" {...form.sentField('closeReason')}>
          <option value="">None (not closing)</option>
          {CLOSE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CLOSE_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
        <SelectField id="bulk-priority" label="Set priority" {...form.sentField('priority')}>
          <option value="">Keep</option>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" size="sm" disabled={form.pending} className="h-11">
        Apply to selected
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-6">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
