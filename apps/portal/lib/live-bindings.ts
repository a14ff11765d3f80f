/** A change a live page follows (Supabase Realtime postgres_changes). */
export interface LiveBinding {
  event: 'INSERT' | 'UPDATE' | '*'
  table: 'tickets' | 'ticket_messages' | 'ticket_attachments'
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
