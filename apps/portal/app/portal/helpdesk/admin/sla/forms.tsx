'use client'

import { validate } from '@siyakha/schemas/action-state'
import { TICKET_PRIORITIES, type TicketPriority } from '@siyakha/schemas/helpdesk'
import {
  businessCalendarSchema,
  closedDaySchema,
  slaTargetsSchema,
  targetField,
  WEEKDAYS,
} from '@siyakha/schemas/sla-admin'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import {
  addClosedDayAction,
  removeClosedDayAction,
  saveBusinessCalendarAction,
  saveSlaTargetsAction,
} from './actions'

const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}

/** One target in the table: its label is the row and column, said to screen readers. */
function TargetInput({
  label,
  name,
  defaultValue,
  error,
  placeholder,
  onInput,
}: {
  label: string
  name: string
  defaultValue: string
  error?: string
  placeholder?: string
  onInput: () => void
}) {
  const errorId = `${name}-error`
  return (
    <>
      <input
        name={name}
        aria-label={label}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={40}
        onInput={onInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="field-control h-9 w-32"
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}

/**
 * The targets of every priority as text ("4h", "2d", "90"), for the global targets or one
 * contract's plan. Uncontrolled fields: a plain post works without JavaScript, and a refusal shows
 * what was typed again.
 */
export function SlaTargetsForm({
  contract,
  dayMinutes,
  initial,
  placeholders,
}: {
  /** The contract whose plan this is; '' for the global targets. */
  contract: string
  dayMinutes: number
  /** Each field's current value as text ('' for a plan priority that follows the global targets). */
  initial: Record<string, string>
  /** For a contract's plan: the global targets an empty pair falls back to. */
  placeholders?: Record<string, string>
}) {
  const form = useActionForm({
    action: saveSlaTargetsAction,
    validate: (values) => validate(slaTargetsSchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) =>
      state.reason === 'validation' ? null : { title: state.message, variant: 'destructive' },
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form
      {...form.props}
      noValidate
      aria-label={contract ? 'Contract plan' : 'Global targets'}
      className="space-y-4"
    >
      <input type="hidden" name="contract" value={contract} />
      <input type="hidden" name="day_minutes" value={String(dayMinutes)} />
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 pr-3 font-semibold">
              Priority
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              First response
            </th>
            <th scope="col" className="py-1 font-semibold">
              Resolution
            </th>
          </tr>
        </thead>
        <tbody key={form.key}>
          {TICKET_PRIORITIES.map((priority) => (
            <tr key={priority} className="align-top">
              <th scope="row" className="py-2 pr-3 font-semibold text-brand-900">
                {PRIORITY_LABELS[priority]}
              </th>
              {(['first_response', 'resolution'] as const).map((which) => {
                const name = targetField(priority, which)
                return (
                  <td key={which} className="py-1 pr-3">
                    <TargetInput
                      label={`${PRIORITY_LABELS[priority]} ${which === 'first_response' ? 'first response' : 'resolution'}`}
                      placeholder={placeholders?.[name]}
                      onInput={() => form.clearError(name)}
                      {...form.sentField(name, initial[name] ?? '')}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-600">
        Business time: 90 or 45m (minutes), 4h or 1h30 (hours), 2d (business days of {dayMinutes / 60} hours).
        {contract ? ' Leave a priority empty to use the global targets for it.' : null}
      </p>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" disabled={form.pending}>
        {contract ? 'Save contract plan' : 'Save targets'}
      </Button>
    </form>
  )
}

export interface CalendarValues {
  time_zone: string
  opens_at: string
  closes_at: string
  open_weekdays: number[]
  public_holidays: boolean
}

/** Hours, time zone, open weekdays and whether South African public holidays close the office. */
export function BusinessCalendarForm({
  calendar,
  timeZones,
}: {
  calendar: CalendarValues
  timeZones: string[]
}) {
  const form = useActionForm({
    action: saveBusinessCalendarAction,
    validate: (values) => validate(businessCalendarSchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) =>
      state.reason === 'validation' ? null : { title: state.message, variant: 'destructive' },
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  // A checkbox the server sent back unticked is sent as '' (valuesOf reads a missing field so).
  const checked = (name: string, initial: boolean) => (form.sent ? form.sent[name] === 'on' : initial)
  return (
    <form {...form.props} noValidate aria-label="Business calendar" className="space-y-4">
      <div key={form.key} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Time zone"
            list="sla-time-zones"
            maxLength={64}
            required
            onInput={() => form.clearError('time_zone')}
            {...form.sentField('time_zone', calendar.time_zone)}
          />
          <InputField
            label="Opens at"
            type="time"
            required
            onInput={() => form.clearError('opens_at')}
            {...form.sentField('opens_at', calendar.opens_at)}
          />
          <InputField
            label="Closes at"
            type="time"
            required
            onInput={() => form.clearError('closes_at')}
            {...form.sentField('closes_at', calendar.closes_at)}
          />
          <datalist id="sla-time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-brand-900">Open on</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {WEEKDAYS.map(([day, name]) => (
              <label key={day} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  name={`day_${day}`}
                  defaultChecked={checked(`day_${day}`, calendar.open_weekdays.includes(day))}
                  onChange={() => form.clearError('day_1')}
                />
                {name}
              </label>
            ))}
          </div>
          {form.errors.day_1 ? (
            <p className="mt-1 text-sm font-medium text-red-700">{form.errors.day_1}</p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="public_holidays"
            defaultChecked={checked('public_holidays', calendar.public_holidays)}
          />
          South African public holidays are closed days (a holiday on a Sunday moves to the Monday)
        </label>
      </div>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" disabled={form.pending}>
        Save calendar
      </Button>
    </form>
  )
}

/** Adds an extra closed day (a year-end shutdown, a company day). */
export function AddClosedDayForm() {
  const form = useActionForm({
    action: addClosedDayAction,
    validate: (values) => validate(closedDaySchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) =>
      state.reason === 'validation' ? null : { title: state.message, variant: 'destructive' },
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <form {...form.props} noValidate aria-label="Add a closed day" className="space-y-3">
      <div key={form.key} className="flex flex-wrap items-start gap-3">
        <InputField
          label="Day"
          type="date"
          required
          onInput={() => form.clearError('day')}
          {...form.sentField('day')}
        />
        <InputField
          label="What it is"
          maxLength={80}
          required
          placeholder="Year-end shutdown"
          onInput={() => form.clearError('name')}
          {...form.sentField('name')}
        />
      </div>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" disabled={form.pending}>
        Add closed day
      </Button>
    </form>
  )
}

/**
 * The closed days, each with its Remove button. One form around the list (the pressed button sends
 * its day), so the form, and the toast saying what the removal did, outlive the removed row.
 */
export function ClosedDaysList({ days }: { days: readonly { day: string; name: string; label: string }[] }) {
  const form = useActionForm({
    action: removeClosedDayAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) => ({ title: state.message, variant: 'destructive' }),
  })
  const problem = form.state.status === 'error' ? form.state.message : undefined
  return (
    <form {...form.props} noValidate aria-label="Closed days" className="mt-3">
      {days.length === 0 ? (
        <p className="text-sm text-slate-600">No extra closed days.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {days.map((closed) => (
            <li key={closed.day} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold text-brand-900">{closed.label}</span> {closed.name}
              </span>
              <Button
                type="submit"
                size="sm"
                variant="outline"
                name="day"
                value={closed.day}
                disabled={form.pending}
                aria-label={`Remove closed day ${closed.day}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
    </form>
  )
}
