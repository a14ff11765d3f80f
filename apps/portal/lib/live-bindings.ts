/** A change a live page follows (Supabase Realtime postgres_changes). */
export interface LiveBinding {
  event: 'INSERT' | 'UPDATE' | '*'
  table: 'tickets' | 'ticket_messages' | 'ticket_attachments' | 'time_timers' | 'time_entries'
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
 * The helpdesk ticket's Time card (staff only, as the tables' policies are): a timer started or
 * stopped in another tab, time logged or corrected by anyone. A removed entry is not among them
 * (a delete carries only its id); the card catches up with the next change or reload.
 */
export function timeBindings(ticketId: string): LiveBinding[] {
  return [
    { event: '*', table: 'time_timers', filter: `ticket_id=eq.${ticketId}` },
    { event: '*', table: 'time_entries', filter: `ticket_id=eq.${ticketId}` },
  ]
}
