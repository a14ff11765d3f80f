// Signed-in: the customer confirms they sent the WhatsApp message they queued. Ownership is
// checked as the caller (RLS); the status change itself needs the service role, because
// customers have no UPDATE policy on ticket_messages.
import { messagesMarkSentSchema } from '@siyakha/schemas/ticket-messages'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { callerClient, requireCaller, serviceClient } from '../_shared/supabase.ts'

const notFound = () => new HttpError(404, { error: 'not_found', message: 'Not found or access denied.' })

serve({
  async POST(req) {
    const caller = callerClient(req)
    const user = await requireCaller(req, caller)
    const parsed = messagesMarkSentSchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const { messageId, ticketId } = parsed.data

    const { data: message, error } = await caller
      .from('ticket_messages')
      .select('id, direction, status, created_by, metadata')
      .eq('id', messageId)
      .eq('ticket_id', ticketId)
      .maybeSingle()
    if (error) throw new Error(`read message: ${error.message}`)
    if (!message || message.created_by !== user.id || message.direction !== 'outbound') throw notFound()
    // Already sent (a double click, a retry): the same answer again.
    if (message.status === 'sent') return json(req, 200, { id: message.id, status: 'sent' })
    if (message.status !== 'queued') throw notFound()

    const { data: updated, error: updateError } = await serviceClient()
      .from('ticket_messages')
      .update({ status: 'sent', metadata: { ...message.metadata, marked_sent_at: new Date().toISOString() } })
      .eq('id', messageId)
      .eq('ticket_id', ticketId)
      .in('status', ['queued', 'sent'])
      .select('id')
      .maybeSingle()
    if (updateError) throw new Error(`mark sent: ${updateError.message}`)
    if (!updated) throw notFound()
    return json(req, 200, { id: messageId, status: 'sent' })
  },
})
