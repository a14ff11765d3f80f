import { PRIORITY_LABELS, staffStatusLabel, type TicketPriority } from '@siyakha/schemas/helpdesk'
import type { TicketStatus } from '@siyakha/schemas/ticket'

// Colours an agent reads at a glance; the words carry the meaning too (never colour alone).
const STATUS_TONE: Record<TicketStatus, string> = {
  new: 'bg-sky-100 text-sky-900 ring-sky-300',
  open: 'bg-brand-50 text-brand-900 ring-brand-200',
  waiting_on_customer: 'bg-amber-50 text-amber-900 ring-amber-300',
  on_hold: 'bg-violet-50 text-violet-900 ring-violet-300',
  resolved: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
}

const PRIORITY_TONE: Record<TicketPriority, string> = {
  low: 'bg-slate-50 text-slate-700 ring-slate-300',
  normal: 'bg-white text-slate-800 ring-slate-300',
  high: 'bg-orange-50 text-orange-900 ring-orange-300',
  urgent: 'bg-red-600 text-white ring-red-700',
}

export function StatusPill({ status }: { status: TicketStatus }) {
  return <span className={`pill ${STATUS_TONE[status]}`}>{staffStatusLabel(status)}</span>
}

export function PriorityPill({ priority }: { priority: TicketPriority }) {
  return <span className={`pill ${PRIORITY_TONE[priority]}`}>{PRIORITY_LABELS[priority]}</span>
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null
  return (
    <ul aria-label="Tags" className="mt-1 flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
          {tag}
        </li>
      ))}
    </ul>
  )
}
