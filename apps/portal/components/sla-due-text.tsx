import type { SlaState } from '@/lib/sla'

const TONE = {
  on_track: 'text-slate-700',
  soon: 'font-semibold text-amber-800',
  breached: 'font-semibold text-red-700',
  paused: 'text-slate-600',
  done: 'text-emerald-800',
} as const

/** A ticket's next SLA promise as worded on the server (sla-due.tsx): what a row shows. */
export interface SlaDueView {
  tone: SlaState['tone']
  due: string | null
  text: string
}

/** The promise, coloured as it nears or passes its time. No Intl here: client rows use it too. */
export function SlaDueText({ view }: { view: SlaDueView }) {
  return (
    <span data-sla={view.tone} className={TONE[view.tone]}>
      {view.due && view.tone !== 'done' ? <time dateTime={view.due}>{view.text}</time> : view.text}
    </span>
  )
}
