/** A change a live page follows (Supabase Realtime postgres_changes). */
export interface LiveBinding {
  event: 'INSERT' | 'UPDATE' | '*'
  table: 'tickets' | 'ticket_messages' | 'ticket_attachments' | 'time_entries'
  /** A Realtime filter, e.g. `ticket_id=eq.<id>`. */
  filter?: string
}

/** What a ticket page shows: the ticket, its messages and their files. */
export function ticketBindings(ticketId: string): LiveBinding[] {
  return [
    { event: 'UPDATE', table: 'tickets', filter: `id=eq.${ticketId}` },
    { event: 'INSERT', table: 'ticket_messages', filter: `ticket_id=eq.${ticketId}` },
    { event: 'INSERT', table: 'ticket_attachments', filter: `ticket_id=eq.${ticketId}` },
  ]
}

/**
 * The helpdesk ticket's Time card (staff only, as the entries' policy is): time logged or corrected
 * by anyone, a timer stopped in another tab included (it logs an entry). Not followed: a timer
 * started elsewhere (time_timers is not published) and a removed entry (Realtime's DELETE skips
 * RLS, so the product does not subscribe to it); the card catches up with the next change or reload.
 */
export function timeBindings(ticketId: string): LiveBinding[] {
  return [
    { event: 'INSERT', table: 'time_entries', filter: `ticket_id=eq.${ticketId}` },
    { event: 'UPDATE', table: 'time_entries', filter: `ticket_id=eq.${ticketId}` },
  ]
}
