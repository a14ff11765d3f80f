import { formatDateTime } from '@/lib/format'
import { type SlaTicket, slaState, slaText } from '@/lib/sla'
import { SlaDueText, type SlaDueView } from './sla-due-text'

/** A ticket's next SLA promise, worded: due when, and how near. */
export function slaDueView(ticket: SlaTicket, now?: Date): SlaDueView {
  const state = slaState(ticket, now)
  return {
    tone: state.tone,
    due: state.due,
    text: slaText(state, state.due ? formatDateTime(state.due) : null),
  }
}

/** A ticket's next SLA promise: due when, coloured as it nears or passes its time. */
export function SlaDue({ ticket, now }: { ticket: SlaTicket; now?: Date }) {
  return <SlaDueText view={slaDueView(ticket, now)} />
}
