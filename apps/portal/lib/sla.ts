import type { Tables } from '@siyakha/supabase/types'

/** The ticket's SLA clock as the database keeps it (supabase/schemas/15_sla.sql). */
export type SlaTicket = Pick<
  Tables<'tickets'>,
  | 'status'
  | 'first_response_at'
  | 'first_response_due_at'
  | 'resolution_due_at'
  | 'sla_paused_at'
  | 'resolved_at'
>

export interface SlaState {
  /** What the clock is counting towards now. */
  target: 'first response' | 'resolution' | null
  due: string | null
  /** on_track, soon (within the hour), breached, paused (waiting on the customer), done. */
  tone: 'on_track' | 'soon' | 'breached' | 'paused' | 'done'
}

const SOON_MS = 60 * 60 * 1000

/**
 * Which promise is next and how it stands: the first response until someone answers, then the
 * resolution; paused while the ticket waits on the customer; done once resolved or closed (breached
 * if that was late).
 */
export function slaState(ticket: SlaTicket, now: Date = new Date()): SlaState {
  if (ticket.status === 'resolved' || ticket.status === 'closed') {
    const late =
      !!ticket.resolved_at && !!ticket.resolution_due_at && ticket.resolved_at > ticket.resolution_due_at
    return { target: 'resolution', due: ticket.resolution_due_at, tone: late ? 'breached' : 'done' }
  }
  if (ticket.sla_paused_at) return { target: 'resolution', due: null, tone: 'paused' }
  const target = ticket.first_response_at ? 'resolution' : 'first response'
  const due = target === 'resolution' ? ticket.resolution_due_at : ticket.first_response_due_at
  if (!due) return { target: null, due: null, tone: 'on_track' }
  const left = new Date(due).getTime() - now.getTime()
  return { target, due, tone: left < 0 ? 'breached' : left <= SOON_MS ? 'soon' : 'on_track' }
}

/** The words of a state, with its time already formatted. */
export function slaText(state: SlaState, formatted: string | null): string {
  switch (state.tone) {
    case 'paused':
      return 'Paused: waiting on the customer'
    case 'done':
      return 'Resolved in time'
    case 'breached':
      return state.target === 'resolution' && formatted
        ? `Resolution overdue since ${formatted}`
        : `First response overdue since ${formatted}`
    default:
      return `${state.target === 'resolution' ? 'Resolution' : 'First response'} due ${formatted}`
  }
}

/** Johannesburg is UTC+2 all year (no daylight saving). */
const JHB_OFFSET_MS = 2 * 60 * 60 * 1000

/** Monday 00:00 in Johannesburg of the week `now` is in, as an instant. */
export function weekStart(now: Date = new Date()): Date {
  const local = new Date(now.getTime() + JHB_OFFSET_MS)
  const sinceMonday = (local.getUTCDay() + 6) % 7
  const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday)
  return new Date(monday - JHB_OFFSET_MS)
}

/** Business minutes as people say them: "45 min", "2 h 15 min". */
export function businessDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
