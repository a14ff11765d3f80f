'use client'

import { type ActionState, validate } from '@siyakha/schemas/action-state'
import {
  formatMinutes,
  TIME_NOTE_MAX,
  timeEntryEditSchema,
  timeEntrySchema,
  WORK_TYPE_LABELS,
  WORK_TYPES,
  type WorkType,
} from '@siyakha/schemas/time-entries'
import { type FormAction, useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField } from '@siyakha/ui/field'
import { useHydrated } from '@siyakha/ui/use-hydrated'
import { useEffect, useState } from 'react'
import {
  addTimeAction,
  deleteTimeAction,
  editTimeAction,
  startTimerAction,
  stopTimerAction,
} from './time-actions'

export interface TimeEntryRow {
  id: string
  agent_name: string
  work_date: string
  minutes: number
  work_type: WorkType
  billable: boolean
  note: string | null
  /** Whether this user may correct or remove it (the author within 7 days, an admin any time). */
  editable: boolean
}

export interface RunningTimer {
  started_at: string
  work_type: WorkType
  billable: boolean
  note: string | null
}

function useTimeForm(
  action: FormAction<null>,
  check?: (values: Record<string, string>) => ReturnType<typeof validate>,
) {
  return useActionForm({
    action,
    validate: check,
    success: (state: Extract<ActionState, { status: 'success' }>) => ({
      title: state.message,
      variant: 'success',
    }),
    // Field messages show under their fields; anything else is a toast and a line on the card.
    failure: (state) =>
      Object.keys(state.fieldErrors).length > 0
        ? null
        : { title: state.message, variant: 'destructive' as const },
  })
}

type TimeForm = ReturnType<typeof useTimeForm>

function Problem({ form }: { form: TimeForm }) {
  const { state } = form
  if (state.status !== 'error' || Object.keys(state.fieldErrors).length > 0) return null
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {state.message}
    </p>
  )
}

/** Written on the card when the form was posted without JavaScript (no toasts then). */
function Done({ form }: { form: TimeForm }) {
  return !form.hydrated && form.state.status === 'success' ? (
    <p role="status" className="text-sm text-slate-600">
      {form.state.message}
    </p>
  ) : null
}

function WorkTypeField({ form, initial, id }: { form: TimeForm; initial: WorkType; id: string }) {
  return (
    <SelectField id={id} label="Work type" {...form.sentField('workType', initial)}>
      {WORK_TYPES.map((type) => (
        <option key={type} value={type}>
          {WORK_TYPE_LABELS[type]}
        </option>
      ))}
    </SelectField>
  )
}

function BillableField({ form, initial, id }: { form: TimeForm; initial: boolean; id: string }) {
  const sent = form.sent
  const checked = sent ? sent.billable === 'on' : initial
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name="billable"
        defaultChecked={checked}
        className="size-4 rounded border-slate-300"
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Billable
      </label>
    </div>
  )
}

/** hh:mm:ss since the server's start time, ticking in the browser once hydrated. */
function Elapsed({ startedAt }: { startedAt: string }) {
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [])
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  const text = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`
  const since = new Date(startedAt).toLocaleTimeString('en-ZA', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Johannesburg',
  })
  return (
    <span>
      {hydrated ? (
        <span role="timer" aria-label="Time running" className="font-mono text-lg text-brand-900">
          {text}
        </span>
      ) : null}{' '}
      <span className="text-sm text-slate-600">
        since <time dateTime={startedAt}>{since}</time>
      </span>
    </span>
  )
}

function TimerForm({ ticketId, timer }: { ticketId: string; timer: RunningTimer | null }) {
  const start = useTimeForm(startTimerAction)
  const stop = useTimeForm(stopTimerAction)
  if (timer) {
    return (
      <form {...stop.props} aria-label="Timer" className="space-y-2">
        <input type="hidden" name="ticketId" value={ticketId} />
        <p className="text-sm font-semibold text-slate-800">Timer running</p>
        <Elapsed startedAt={timer.started_at} />
        <p className="text-sm text-slate-600">
          {WORK_TYPE_LABELS[timer.work_type]} · {timer.billable ? 'billable' : 'not billable'}
          {timer.note ? ` · ${timer.note}` : ''}
        </p>
        <Button type="submit" size="sm" disabled={stop.pending}>
          Stop timer
        </Button>
        <Problem form={stop} />
        <Done form={start} />
      </form>
    )
  }
  return (
    <form {...start.props} aria-label="Timer" className="space-y-2">
      <input type="hidden" name="ticketId" value={ticketId} />
      <div key={start.key} className="space-y-2">
        <WorkTypeField form={start} initial="remote" id="timer-work-type" />
        <BillableField form={start} initial id="timer-billable" />
        <InputField
          id="timer-note"
          label="Note"
          optional
          maxLength={TIME_NOTE_MAX}
          {...start.sentField('note')}
        />
      </div>
      <Button type="submit" size="sm" disabled={start.pending}>
        Start timer
      </Button>
      <Problem form={start} />
      <Done form={stop} />
    </form>
  )
}

function EntryFields({
  form,
  prefix,
  initial,
}: {
  form: TimeForm
  prefix: string
  initial: { minutes: string; workType: WorkType; billable: boolean; workDate: string; note: string }
}) {
  return (
    <div key={form.key} className="space-y-2">
      <InputField
        id={`${prefix}-minutes`}
        label="Time spent"
        hint="45, 1h 30m, 1:30 or 1.5h"
        autoComplete="off"
        {...form.sentField('minutes', initial.minutes)}
        onChange={() => form.clearError('minutes')}
      />
      <WorkTypeField form={form} initial={initial.workType} id={`${prefix}-work-type`} />
      <InputField
        id={`${prefix}-date`}
        label="Day"
        type="date"
        {...form.sentField('workDate', initial.workDate)}
      />
      <BillableField form={form} initial={initial.billable} id={`${prefix}-billable`} />
      <InputField
        id={`${prefix}-note`}
        label="Note"
        optional
        maxLength={TIME_NOTE_MAX}
        {...form.sentField('note', initial.note)}
      />
    </div>
  )
}

function AddTimeForm({ ticketId, today }: { ticketId: string; today: string }) {
  const form = useTimeForm(addTimeAction, (values) => validate(timeEntrySchema, values))
  return (
    <form {...form.props} noValidate aria-label="Add time" className="space-y-2">
      <input type="hidden" name="ticketId" value={ticketId} />
      <EntryFields
        form={form}
        prefix="add-time"
        initial={{ minutes: '', workType: 'remote', billable: true, workDate: today, note: '' }}
      />
      <Button type="submit" size="sm" variant="outline" disabled={form.pending}>
        Add time
      </Button>
      <Problem form={form} />
      <Done form={form} />
    </form>
  )
}

function EntryActions({ ticketId, entry }: { ticketId: string; entry: TimeEntryRow }) {
  const edit = useTimeForm(editTimeAction, (values) => validate(timeEntryEditSchema, values))
  const remove = useTimeForm(deleteTimeAction)
  const what = `${formatMinutes(entry.minutes)} on ${entry.work_date}`
  // Open again after a refusal, so the message and what was typed are in view.
  const open = edit.state.status === 'error'
  return (
    <div className="mt-1 flex flex-wrap items-start gap-2">
      <details open={open || undefined} className="w-full">
        <summary className="cursor-pointer text-sm text-brand-700 underline underline-offset-2">
          Edit <span className="sr-only">{what}</span>
        </summary>
        <form {...edit.props} noValidate aria-label={`Edit time ${what}`} className="mt-2 space-y-2">
          <input type="hidden" name="ticketId" value={ticketId} />
          <input type="hidden" name="entryId" value={entry.id} />
          <EntryFields
            form={edit}
            prefix={`edit-${entry.id}`}
            initial={{
              minutes: String(entry.minutes),
              workType: entry.work_type,
              billable: entry.billable,
              workDate: entry.work_date,
              note: entry.note ?? '',
            }}
          />
          <Button type="submit" size="sm" disabled={edit.pending}>
            Save time
          </Button>
          <Problem form={edit} />
        </form>
      </details>
      <form {...remove.props} aria-label={`Delete time ${what}`}>
        <input type="hidden" name="ticketId" value={ticketId} />
        <input type="hidden" name="entryId" value={entry.id} />
        <Button type="submit" size="sm" variant="outline" disabled={remove.pending}>
          Delete <span className="sr-only">{what}</span>
        </Button>
        <Problem form={remove} />
      </form>
    </div>
  )
}

/**
 * The ticket's Time card (staff only): the agent's timer (its start is the database's, so a reload
 * or a second tab shows the same one), time added by hand, the entries with Edit and Delete where
 * this user may still change them, and the total with its billable part.
 */
export function TimeCard({
  ticketId,
  today,
  minutes,
  billableMinutes,
  timer,
  others,
  entries,
}: {
  ticketId: string
  /** Today in Africa/Johannesburg, the add form's default day. */
  today: string
  minutes: number
  billableMinutes: number
  timer: RunningTimer | null
  /** Other staff whose timer runs on this ticket now. */
  others: string[]
  entries: TimeEntryRow[]
}) {
  return (
    <section
      aria-labelledby="time-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="time-title" className="font-bold text-brand-900">
        Time
      </h2>
      <dl aria-label="Time logged" className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Total</dt>
        <dd data-testid="time-total">{formatMinutes(minutes)}</dd>
        <dt className="font-semibold text-slate-700">Billable</dt>
        <dd data-testid="time-billable">{formatMinutes(billableMinutes)}</dd>
      </dl>
      <div className="mt-3 space-y-4">
        <TimerForm ticketId={ticketId} timer={timer} />
        {others.length > 0 ? (
          <p className="text-sm text-slate-600">Timer also running for {others.join(', ')}.</p>
        ) : null}
        <AddTimeForm ticketId={ticketId} today={today} />
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No time logged yet.</p>
        ) : (
          <ul aria-label="Time entries" className="space-y-2 text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
                <span className="font-semibold text-brand-900">{formatMinutes(entry.minutes)}</span> ·{' '}
                {WORK_TYPE_LABELS[entry.work_type]} · {entry.billable ? 'Billable' : 'Not billable'}
                <span className="block text-xs text-slate-600">
                  {entry.agent_name} · <time dateTime={entry.work_date}>{entry.work_date}</time>
                </span>
                {entry.note ? <span className="block">{entry.note}</span> : null}
                {entry.editable ? <EntryActions ticketId={ticketId} entry={entry} /> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
