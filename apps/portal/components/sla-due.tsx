import { formatDateTime } from '@/lib/format'
import { type SlaTicket, slaState, slaText } from '@/lib/sla'

const TONE = {
  on_track: 'text-slate-700',
  soon: 'font-semibold text-amber-800',
  breached: 'font-semibold text-red-700',
  paused: 'text-slate-600',
  done: 'text-emerald-800',
} as const

/** A ticket's next SLA promise: due when, coloured as it nears or passes its time. */
export function SlaDue({ ticket, now }: { ticket: SlaTicket; now?: Date }) {
  const state = slaState(ticket, now)
  const text = slaText(state, state.due ? formatDateTime(state.due) : null)
  return (
    <span data-sla={state.tone} className={TONE[state.tone]}>
      {state.due && state.tone !== 'done' ? <time dateTime={state.due}>{text}</time> : text}
    </span>
  )
}
