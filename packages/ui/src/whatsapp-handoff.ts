'use client'

import { useRef } from 'react'
import { toast } from './toaster'

/*
 * Handing a message over to WhatsApp (wa.me) from the browser, written once for every form that
 * does it. Popup blockers only allow window.open during the click itself, so a flow that waits for
 * the server opens a blank window first and points it at wa.me once the answer is in; 'noopener'
 * would make open() return null, so the opener link is cut by hand instead.
 */

/** Opens the chat now, inside the click (the site's enquiry: nothing to wait for). */
export function openChat(link: string): void {
  window.open(link, '_blank', 'noopener,noreferrer')
}

function openPendingWindow(): Window | null {
  const win = window.open('about:blank', '_blank')
  if (win) win.opener = null
  return win
}

/** Copies text for the popup-blocked path; false when the browser refuses both ways. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch (error) {
    console.warn('Clipboard API refused, trying the selection fallback', error)
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  return copied
}

export type Chat = { link: string; text: string }

/**
 * The hand-off of a flow that asks the server first: `prepare()` inside the submit opens the
 * window, `settle(chat)` with the server's answer sends it to the chat (or, when a popup blocker
 * refused it, copies the message and says where to paste it), `settle(null)` closes it. Resolves
 * once the notice is shown. `where` names the place the message can be copied from by hand.
 */
export function useWhatsappHandoff(where: string) {
  const pending = useRef<Window | null>(null)
  return {
    prepare: () => {
      pending.current = openPendingWindow()
    },
    settle: async (chat: Chat | null): Promise<void> => {
      const win = pending.current
      pending.current = null
      if (!chat) {
        win?.close()
        return
      }
      if (win && !win.closed) {
        win.location.href = chat.link
        toast('WhatsApp opened', { description: 'After sending, mark as sent.', variant: 'success' })
        return
      }
      const copied = await copyText(chat.text)
      toast('Popup blocked', {
        description: copied
          ? 'We copied the message. Paste it into WhatsApp.'
          : `Copy the message from ${where} and paste it into WhatsApp.`,
      })
    },
  }
}
