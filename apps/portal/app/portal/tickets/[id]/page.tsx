import { canRate, customerStatusLabel } from '@siyakha/schemas/ticket'
import { continueOnWhatsappLink } from '@siyakha/schemas/whatsapp'
import { ticketQuery, ticketRatingQuery, whatsappVerificationCodeQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { Conversation } from '@/components/conversation'
import { LiveUpdates } from '@/components/live-updates'
import { companyWhatsappNumber } from '@/lib/company-contact'
import { conversation } from '@/lib/conversation'
import { formatDateTime } from '@/lib/format'
import { ticketBindings } from '@/lib/live-bindings'
import { optionalRead } from '@/lib/optional-read'
import { requireUser, serverSupabase } from '@/lib/session'
import { loadTicketWithTimeline } from '@/lib/ticket-loader'
import { AccessDenied } from '../../access-denied'
import { DecisionCard } from './decision-card'
import { MarkSentCard } from './mark-sent-card'
import { RatingCard } from './rating-card'
import { ReplyCard } from './reply-card'

export const metadata: Metadata = { title: 'Ticket' }

/** The requester's earlier rating, if any. */
async function ratingOf(ticketId: string) {
  const { data } = await ticketRatingQuery(await serverSupabase(), ticketId)
  return data
}

/** The requester's one-time WhatsApp code for this ticket (null for anyone else). */
async function whatsappCodeOf(ticketId: string) {
  return { data: await whatsappVerificationCodeQuery(await serverSupabase(), ticketId) }
}

export default async function TicketPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireUser(`/portal/tickets/${id}`)
  const [{ ticket, messages, links }, whatsappNumber] = await Promise.all([
    // A customer's page does not ask for internal notes, which only staff may read.
    loadTicketWithTimeline(id, ticketQuery, { internalNotes: user.staff }),
    companyWhatsappNumber(),
  ])

  if (!ticket) return <AccessDenied />

  // The customer's own WhatsApp message from 'Create & Open WhatsApp', still to be marked as sent.
  const unsent = messages.findLast(
    (m) => m.direction === 'outbound' && m.channel === 'whatsapp' && m.created_by === user.id,
  )
  const rateable = ticket.created_by_user_id === user.id && canRate(ticket)
  const rating = rateable ? await ratingOf(ticket.id) : null
  // The requester's one-time code rides in "Continue on WhatsApp": it proves the phone is theirs.
  const whatsappCode =
    whatsappNumber && ticket.created_by_user_id === user.id
      ? await optionalRead('the WhatsApp code', () => whatsappCodeOf(ticket.id), null)
      : null
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
      {/* Always rendered (empty when nothing is pending): the toast survives the refresh that removes it. */}
      <MarkSentCard ticketId={ticket.id} messageId={unsent?.status === 'queued' ? unsent.id : undefined} />
      <DecisionCard ticketId={ticket.id} status={ticket.status} />
      {rateable ? <RatingCard ticketId={ticket.id} current={rating} /> : null}
      <LiveUpdates name={`ticket:${ticket.id}`} bindings={ticketBindings(ticket.id)} />
      <Conversation entries={conversation(ticket, messages, { id: user.id }, links)} />
      <ReplyCard
        ticketId={ticket.id}
        status={ticket.status}
        whatsappLink={
          whatsappNumber ? continueOnWhatsappLink(whatsappNumber, ticket.tracking_ref, whatsappCode) : null
        }
      />
    </Container>
  )
}
