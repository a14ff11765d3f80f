'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { liveClient } from '@/lib/live'
import type { LiveBinding } from '@/lib/live-bindings'
import { refreshPacer } from '@/lib/live-refresh'

type LiveState = 'connecting' | 'live' | 'paused'

const WORDS: Record<LiveState, string> = {
  connecting: 'Connecting live updates…',
  live: 'Live: changes appear without a reload',
  paused: 'Live updates paused; reload to see changes',
}

/**
 * Keeps a server-rendered page current: when a row it shows changes (Supabase Realtime
 * postgres_changes, which only reaches those allowed to read the row), the page's server
 * components render again (router.refresh keeps what is typed and where focus is), paced by
 * lib/live-refresh.ts. A reconnect refreshes too, since Realtime does not replay what happened
 * while it was away.
 */
export function LiveUpdates({ name, bindings }: { name: string; bindings: readonly LiveBinding[] }) {
  const router = useRouter()
  const [state, setState] = useState<LiveState>('connecting')
  const key = JSON.stringify(bindings)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the bindings
  useEffect(() => {
    const supabase = liveClient()
    let subscribedBefore = false
    let stopped = false
    const pacer = refreshPacer(
      () => router.refresh(),
      () => document.visibilityState === 'hidden',
    )
    document.addEventListener('visibilitychange', pacer.visibilityChanged)
    const channel = supabase.channel(name)
    for (const binding of bindings) {
      channel.on(
        'postgres_changes',
        { event: binding.event, schema: 'public', table: binding.table, filter: binding.filter },
        pacer.changed,
      )
    }
    // The join must carry the token (storage-realtime-contract.md §9.6): set it before subscribing.
    supabase.realtime
      .setAuth()
      .then(() => {
        if (stopped) return
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') {
            setState('live')
            if (subscribedBefore) pacer.changed()
            subscribedBefore = true
          } else if (status !== 'CLOSED' || !stopped) {
            setState('paused')
          }
        })
      })
      .catch((error: unknown) => {
        console.error('Could not start live updates', error)
        setState('paused')
      })
    return () => {
      stopped = true
      pacer.stop()
      document.removeEventListener('visibilitychange', pacer.visibilityChanged)
      void supabase.removeChannel(channel)
    }
  }, [name, key, router])

  return (
    <p aria-live="polite" data-live={state} className="text-xs text-slate-600">
      <span
        aria-hidden="true"
        className={`mr-1 inline-block size-2 rounded-full ${state === 'live' ? 'bg-emerald-500' : state === 'connecting' ? 'bg-slate-400' : 'bg-amber-500'}`}
      />
      {WORDS[state]}
    </p>
  )
}
