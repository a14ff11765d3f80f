import { CLOSE_REASON_LABELS, PRIORITY_LABELS, staffStatusLabel } from '@siyakha/schemas/helpdesk'
import { customerStatusLabel } from '@siyakha/schemas/ticket'
import {
  helpdeskTicketQuery,
  ticketRatingQuery,
  ticketWhatsappQuery,
  userEmailsQuery,
} from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import Link from 'next/link'
import { Conversation } from '@/components/conversation'
import { SlaDue } from '@/components/sla-due'
import { conversation } from '@/lib/conversation'
import { formatDateTime } from '@/lib/format'
import { currentUserIsStaff, requireUser, serverSupabase } from '@/lib/session'
import { loadTicketWithTimeline } from '@/lib/ticket-loader'
import { AccessDenied } from '../../access-denied'
import { SendUpdateCard } from './send-update-card'
import { AssignmentForm, PriorityForm, ReplyForm, StatusForm } from './staff-actions'

export const metadata: Metadata = { title: 'Helpdesk ticket' }

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function DateTime({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <span>—</span>
}

export default async function HelpdeskTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireUser(`/portal/helpdesk/${id}`)
  // Non-staff get the ticket page's refusal before anything about the ticket is read.
  if (!(await currentUserIsStaff())) return <AccessDenied />
  const { ticket, messages } = await loadTicketWithTimeline(id, helpdeskTicketQuery)
  if (!ticket) return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />

  // The newest WhatsApp message to the client still waiting to be confirmed as sent, and its number.
  const pending = messages.findLast(
    (m) => m.direction === 'outbound' && m.channel === 'whatsapp' && m.created_by === user.id,
  )
  const assignee = !ticket.assigned_to ? 'nobody' : ticket.assigned_to === user.id ? 'you' : 'someone'
  const supabase = await serverSupabase()
  const [emails, { data: rating }, { data: whatsapp }] = await Promise.all([
    userEmailsQuery(
      supabase,
      [ticket.created_by_user_id, ticket.assigned_to].filter((id): id is string => !!id),
    ),
    ticketRatingQuery(supabase, ticket.id),
    ticketWhatsappQuery(supabase, ticket.id),
  ])
  // A web request from someone without an account has a requester contact instead.
  const requesterEmail =
    (ticket.created_by_user_id ? emails.get(ticket.created_by_user_id) : undefined) ??
    ticket.requester_contact?.email
  const requesterPhone = ticket.requester_contact?.phone
  const assigneeEmail = ticket.assigned_to ? emails.get(ticket.assigned_to) : undefined
  return (
    <Container width="6xl" className="py-10">
      <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
        Helpdesk
      </Link>
      <div className="mt-2 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          <div>
            <h1 className="text-2xl font-bold text-brand-900">{ticket.summary}</h1>
            <dl
              aria-label="Ticket details"
              className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
            >
              <Detail term="Reference">
                <span className="font-mono">{ticket.tracking_ref}</span>
              </Detail>
              <Detail term="Status">
                {staffStatusLabel(ticket.status)}
                <span className="text-slate-600">
                  {' '}
                  (customer sees “{customerStatusLabel(ticket.status)}”)
                </span>
              </Detail>
              {ticket.close_reason ? (
                <Detail term="Close reason">{CLOSE_REASON_LABELS[ticket.close_reason]}</Detail>
              ) : null}
              <Detail term="Priority">{PRIORITY_LABELS[ticket.priority]}</Detail>
              <Detail term="Requester">
                {ticket.requester_name ? `${ticket.requester_name} ` : null}
                {requesterEmail ? (
                  <a
                    href={`mailto:${requesterEmail}`}
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {requesterEmail}
                  </a>
                ) : (
                  'Unknown'
                )}
                {ticket.created_by_user_id ? null : ' (no account yet)'}
              </Detail>
              {requesterPhone ? (
                <Detail term="Phone">
                  <a href={`tel:${requesterPhone}`} className="text-brand-700 underline underline-offset-2">
                    {requesterPhone}
                  </a>
                </Detail>
              ) : null}
              <Detail term="Assigned to">
                {assignee === 'nobody'
                  ? 'Nobody'
                  : assignee === 'you'
                    ? 'You'
                    : (assigneeEmail ?? 'Another agent')}
              </Detail>
              <Detail term="Company">{ticket.company?.name ?? 'None (individual customer)'}</Detail>
              {ticket.location ? <Detail term="Location">{ticket.location}</Detail> : null}
              {rating ? (
                <Detail term="Customer rating">
                  {rating.rating} of 5{rating.comment ? `: “${rating.comment}”` : null}
                </Detail>
              ) : null}
              <Detail term="Created">
                <DateTime iso={ticket.created_at} />
              </Detail>
              <Detail term="First response">
                <DateTime iso={ticket.first_response_at} />
              </Detail>
              <Detail term="SLA">
                <SlaDue ticket={ticket} />
              </Detail>
              <Detail term="First response due">
                <DateTime iso={ticket.first_response_due_at} />
              </Detail>
              <Detail term="Resolution due">
                {ticket.sla_paused_at ? (
                  'Paused while waiting on the customer'
                ) : (
                  <DateTime iso={ticket.resolution_due_at} />
                )}
              </Detail>
              <Detail term="Updated">
                <DateTime iso={ticket.updated_at} />
              </Detail>
            </dl>
          </div>
          <Conversation entries={conversation(ticket, messages, { id: user.id })} />
          <ReplyForm
            ticketId={ticket.id}
            whatsapp={
              whatsapp?.phone
                ? {
                    phone: whatsapp.phone,
                    windowOpenUntil: whatsapp.window_open_until,
                    mayTemplate: Boolean(whatsapp.may_template),
                  }
                : null
            }
          />
        </div>
        <aside aria-label="Staff actions" className="space-y-4">
          <AssignmentForm ticketId={ticket.id} version={ticket.version} assignee={assignee} />
          <StatusForm
            ticketId={ticket.id}
            version={ticket.version}
            status={ticket.status}
            closeReason={ticket.close_reason}
          />
          <PriorityForm ticketId={ticket.id} version={ticket.version} priority={ticket.priority} />
          <SendUpdateCard
            ticketId={ticket.id}
            defaultPhone={pending?.to_from ?? requesterPhone ?? ''}
            pendingMessageId={pending?.status === 'queued' ? pending.id : undefined}
          />
        </aside>
      </div>
    </Container>
  )
}
