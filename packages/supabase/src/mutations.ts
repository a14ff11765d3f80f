import type { TypedSupabaseClient } from './types'

export interface CreateTicketInput {
  summary: string
  details?: string | null
  /** The signed-in user's id; row-level security refuses anyone else's. */
  userId: string
}

/**
 * Create a portal ticket (SPEC §7 "Create ticket"). The database fills in the tracking
 * reference, status 'new' and the timestamps. Throws the PostgREST error on failure.
 */
export async function createTicketMutation(
  client: TypedSupabaseClient,
  { summary, details, userId }: CreateTicketInput,
): Promise<{ id: string; tracking_ref: string }> {
  const { data } = await client
    .from('tickets')
    .insert({
      company_id: null,
      created_by_user_id: userId,
      channel: 'portal',
      priority: 'normal',
      summary,
      details: details?.trim() ? details : null,
    })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  return data
}
