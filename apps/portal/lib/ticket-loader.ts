import 'server-only'
import { timelineQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { attachmentLinks } from './attachments'
import { serverSupabase } from './session'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A ticket (read by `readTicket`), its timeline and short-lived links to its attachments, as the
 * signed-in user, or no ticket when it is missing, unreadable or the id is malformed: all of those
 * read as "Not found or access denied.". A malformed id costs no round trip. A read that fails (the database unreachable or answering an
 * error) is not "not found": it is logged and thrown, so the page's error boundary offers a retry.
 */
export async function loadTicketWithTimeline<T>(
  id: string,
  readTicket: (supabase: TypedSupabaseClient, id: string) => PromiseLike<{ data: T | null }>,
  timeline: { internalNotes?: boolean } = {},
) {
  if (!UUID.test(id)) return { ticket: null, messages: [], links: new Map<string, string>() }
  try {
    const supabase = await serverSupabase()
    const [{ data: ticket }, { data: messages }] = await Promise.all([
      readTicket(supabase, id),
      timelineQuery(supabase, id, timeline),
    ])
    const links = await attachmentLinks(
      supabase,
      messages.flatMap((message) => message.attachments),
    )
    return { ticket, messages, links }
  } catch (error) {
    console.error(`Could not load ticket ${id}`, error)
    throw error
  }
}
