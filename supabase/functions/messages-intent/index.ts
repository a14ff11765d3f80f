// Signed-in: the portal is about to open WhatsApp for a ticket. Records the outbound message as
// 'queued' on the ticket's timeline, acting as the caller so row-level security decides access.
import { messagesIntentSchema } from '@siyakha/schemas/ticket-messages'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { callerClient, requireUser } from '../_shared/supabase.ts'

serve({
  async POST(req) {
    const caller = callerClient(req)
    await requireUser(req, caller)
    const parsed = messagesIntentSchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const intent = parsed.data

    const { data: ticket, error: readError } = await caller
      .from('tickets')
      .select('id')
      .eq('id', intent.ticket_id)
      .maybeSingle()
    if (readError) throw new Error(`read ticket: ${readError.message}`)
    if (!ticket) throw new HttpError(404, { error: 'not_found', message: 'Not found or access denied.' })

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
    if (error) throw new Error(`insert message: ${error.message}`)
    return json(req, 200, { id: message.id })
  },
})
