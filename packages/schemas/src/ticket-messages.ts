import { LIMITS, rawText } from '@siyakha/schemas/text'
import { z } from 'zod'

// Imports only zod and the text rules (mapped in supabase/functions/deno.json), so the Deno edge
// functions can load this file as it is.

/** International phone format, as in `whatsapp.ts` (`E164`); kept equal by a unit test. */
const E164_NUMBER = /^\+[1-9]\d{7,14}$/

/** The ticket reference format (`private.new_tracking_ref()`). */
export const TRACKING_REF = /^TCK-[A-Z0-9]{6}$/

/** `messages-intent`: the portal is about to open WhatsApp with this message for this ticket. */
export const messagesIntentSchema = z.object({
  ticket_id: z.uuid('Unknown ticket'),
  phoneE164: z
    .string()
    .trim()
    .regex(E164_NUMBER, 'Enter the number in international format, e.g. +27820000000'),
  message: rawText(LIMITS.ticketMessage, {
    min: 1,
    required: 'Please enter a message',
    tooLong: 'Keep the message under 4096 characters',
  }),
  tracking_ref: z.string().regex(TRACKING_REF, 'Unknown ticket reference').nullish(),
})

/** `messages-mark-sent`: the customer confirms they sent the queued WhatsApp message. */
export const messagesMarkSentSchema = z.object({
  messageId: z.uuid('Unknown message'),
  ticketId: z.uuid('Unknown ticket'),
})

export type MessagesIntent = z.infer<typeof messagesIntentSchema>
export type MessagesMarkSent = z.infer<typeof messagesMarkSentSchema>
