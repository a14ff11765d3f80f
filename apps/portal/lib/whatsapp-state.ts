import type { ActionState } from '@siyakha/schemas/action-state'

/**
 * The WhatsApp ticket flows' answer once the intent is recorded: the chat to open (the browser
 * opens it; without JavaScript the page links to it) and the message, for the clipboard when a
 * popup blocker refuses the window.
 */
export type ChatOpened = { ticketId: string; trackingRef: string; link: string; text: string }

export type WhatsappState = ActionState<ChatOpened>
