import 'server-only'
import { timelineQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { serverSupabase } from './session'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A ticket (read by `readTicket`) and its timeline as the signed-in user, or no ticket when it is
 * missing, unreadable or the id is malformed: all of those read as "Not found or access denied.".
 * A malformed id costs no round trip. A read that fails (the database unreachable or answering an
 * error) is not "not found": it is logged and thrown, so the page's error boundary offers a retry.
 */
export async function loadTicketWithTimeline<T>(
  id: string,
  readTicket: (supabase: TypedSupabaseClient, id: string) => PromiseLike<{ data: T | null }>,
) {
  if (!UUID.test(id)) return { ticket: null, messages: [] }
  try {
    const supabase = await serverSupabase()
    const [{ data: ticket }, { data: messages }] = await Promise.all([
      readTicket(supabase, id),
      timelineQuery(supabase, id),
    ])
    return { ticket, messages }
  } catch (error) {
    console.error(`Could not load ticket ${id}`, error)
    throw error
  }
}
