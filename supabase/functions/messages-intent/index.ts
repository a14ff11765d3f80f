// Signed-in: the portal is about to open WhatsApp for a ticket. Records the outbound message as
// 'queued' on the ticket's timeline, acting as the caller so row-level security decides access.
import { messagesIntentSchema } from '@siyakha/schemas/ticket-messages'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { callerClient, requireCaller } from '../_shared/supabase.ts'

serve({
  async POST(req) {
    const caller = callerClient(req)
    await requireCaller(req, caller)
    const parsed = messagesIntentSchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const intent = parsed.data

    // One round trip: the insert policy only admits messages on a ticket the caller may read, so
    // a refusal (or a ticket that does not exist) is "not found" without reading the ticket first.
    const { data: message, error } = await caller
      .from('ticket_messages')
      .insert({
        ticket_id: intent.ticket_id,
        direction: 'outbound',
        channel: 'whatsapp',
        to_from: intent.phoneE164,
        body: intent.message,
        status: 'queued',
        metadata: { tracking_ref: intent.tracking_ref ?? null },
      })
      .select('id')
      .single()
    if (error?.code === '42501' || error?.code === '23503') {
      throw new HttpError(404, { error: 'not_found', message: 'Not found or access denied.' })
    }
    if (error) throw new Error(`insert message: ${error.message}`)
    return json(req, 200, { id: message.id })
  },
})
