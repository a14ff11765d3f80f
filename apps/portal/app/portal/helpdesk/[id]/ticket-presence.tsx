'use client'

import type { RealtimeChannel } from '@siyakha/supabase/browser-realtime'
import { useEffect, useState } from 'react'
import { liveClient } from '@/lib/live'

const TYPING_SHOWN_MS = 5000
const TYPING_SENT_EVERY_MS = 2500

interface Colleague {
  id: string
  name: string
  typing: boolean
}

/**
 * Who else from the helpdesk has this ticket open, and who is typing a reply, so two agents do not
 * answer the same customer at once. A private Realtime channel only staff may join
 * (realtime.messages policies): presence says who is here (tracked once per visit, within the
 * hosted limit), a broadcast says "typing" at most every 2.5 s while someone types.
 */
export function TicketPresence({ ticketId, me }: { ticketId: string; me: { id: string; name: string } }) {
  const [here, setHere] = useState<Record<string, string>>({})
  const [typing, setTyping] = useState<Record<string, number>>({})
  const [, tick] = useState(0)

  useEffect(() => {
    const supabase = liveClient()
    let channel: RealtimeChannel | undefined
    let stopped = false
    let lastSent = 0
    const onInput = (event: Event) => {
      if (!(event.target instanceof HTMLTextAreaElement) || event.target.id !== 'reply-body') return
      const now = Date.now()
      if (!channel || now - lastSent < TYPING_SENT_EVERY_MS) return
      lastSent = now
      void channel.send({ type: 'broadcast', event: 'typing', payload: { id: me.id } })
    }
    supabase.realtime
      .setAuth()
      .then(() => {
        if (stopped) return
        channel = supabase.channel(`helpdesk:ticket:${ticketId}`, {
          config: { private: true, presence: { key: me.id } },
        })
        const joined = channel
        joined
          .on('presence', { event: 'sync' }, () => {
            const state = joined.presenceState<{ name?: string }>()
            setHere(
              Object.fromEntries(
                Object.entries(state)
                  .filter(([id]) => id !== me.id)
                  .map(([id, metas]) => [id, metas[0]?.name ?? 'A colleague']),
              ),
            )
          })
          .on('broadcast', { event: 'typing' }, ({ payload }) => {
            const id = (payload as { id?: unknown }).id
            if (typeof id === 'string' && id !== me.id) setTyping((now) => ({ ...now, [id]: Date.now() }))
          })
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') void joined.track({ name: me.name })
          })
        document.addEventListener('input', onInput)
      })
      .catch((error: unknown) => console.error('Could not show who else is on this ticket', error))
    // "Typing" fades on its own when the broadcasts stop.
    const fade = setInterval(() => tick((n) => n + 1), 1000)
    return () => {
      stopped = true
      clearInterval(fade)
      document.removeEventListener('input', onInput)
      if (channel) void supabase.removeChannel(channel)
    }
  }, [ticketId, me.id, me.name])

  const colleagues: Colleague[] = Object.entries(here).map(([id, name]) => ({
    id,
    name,
    typing: Date.now() - (typing[id] ?? 0) < TYPING_SHOWN_MS,
  }))
  if (colleagues.length === 0) return <p aria-live="polite" className="sr-only" />
  return (
    <p aria-live="polite" className="rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900">
      {colleagues.map((colleague, at) => (
        <span key={colleague.id}>
          {at > 0 ? ', ' : ''}
          <strong>{colleague.name}</strong>{' '}
          {colleague.typing ? 'is typing a reply' : 'is viewing this ticket'}
        </span>
      ))}
      .
    </p>
  )
}
