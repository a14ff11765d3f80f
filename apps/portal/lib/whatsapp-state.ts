/** A notice for the WhatsApp ticket flows: a toast with JavaScript, a message on the page without. */
export type FlowNotice = {
  title: string
  description?: string
  variant: 'default' | 'success' | 'destructive'
}

/**
 * What the WhatsApp ticket actions answer: the intent is recorded and this is the chat to open (the
 * browser opens it; without JavaScript the page links to it), or refused, with the notice, the
 * messages per field and what the user typed.
 */
export type WhatsappState =
  | { status: 'idle' }
  | { status: 'opened'; ticketId: string; trackingRef: string; link: string; text: string; at: number }
  | {
      status: 'error'
      notice: FlowNotice
      /** Shown on the card itself (the spec's detail-page texts). */
      problem?: string
      fieldErrors: Record<string, string>
      values: Record<string, string>
      at: number
    }
  | { status: 'marked'; messageId: string; at: number }

export const WHATSAPP_IDLE: WhatsappState = { status: 'idle' }
