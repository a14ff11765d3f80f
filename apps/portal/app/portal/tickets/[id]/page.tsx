import { customerStatusLabel } from '@siyakha/schemas/ticket'
import { ticketQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import Link from 'next/link'
import { Timeline } from '@/components/timeline'
import { formatDateTime } from '@/lib/format'
import { requireUser } from '@/lib/session'
import { loadTicketWithTimeline } from '@/lib/ticket-loader'
import { AccessDenied } from '../../access-denied'
import { DecisionCard } from './decision-card'
import { SendUpdateCard } from './send-update-card'

export const metadata: Metadata = { title: 'Ticket' }

export default async function TicketPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  await requireUser(`/portal/tickets/${id}`)
  const { ticket, messages } = await loadTicketWithTimeline(id, ticketQuery)

  if (!ticket) return <AccessDenied />

  // The newest WhatsApp message still waiting to be confirmed as sent, and the number it went to.
  const pending = messages.findLast((m) => m.direction === 'outbound' && m.channel === 'whatsapp')
  return (
    <Container width="3xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/my-tickets" className="text-sm text-brand-700 underline underline-offset-2">
          My Tickets
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">{ticket.summary}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">Reference</dt>
          <dd className="font-mono">{ticket.tracking_ref}</dd>
          <dt className="font-semibold text-slate-700">Status</dt>
          <dd>{customerStatusLabel(ticket.status)}</dd>
          <dt className="font-semibold text-slate-700">Created</dt>
          <dd>
            <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
          </dd>
        </dl>
      </div>
      <DecisionCard ticketId={ticket.id} status={ticket.status} />
      <SendUpdateCard
        ticketId={ticket.id}
        defaultPhone={pending?.to_from ?? ''}
        pendingMessageId={pending?.status === 'queued' ? pending.id : undefined}
      />
      <Timeline messages={messages} />
    </Container>
  )
}
