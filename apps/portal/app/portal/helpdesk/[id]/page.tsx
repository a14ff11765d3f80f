import { CLOSE_REASON_LABELS, staffStatusLabel } from '@siyakha/schemas/helpdesk'
import { CHANNEL_LABELS, type TicketChannel } from '@siyakha/schemas/helpdesk-queue'
import { customerStatusLabel } from '@siyakha/schemas/ticket'
import { johannesburgDay, TIME_ENTRY_EDIT_DAYS } from '@siyakha/schemas/time-entries'
import {
  cannedRepliesQuery,
  companiesQuery,
  helpdeskTicketQuery,
  requesterTicketsQuery,
  staffMembersQuery,
  ticketEventsQuery,
  ticketRatingQuery,
  ticketWhatsappQuery,
  userEmailsQuery,
} from '@siyakha/supabase/queries'
import { ticketTimeQuery } from '@siyakha/supabase/time-entries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { Conversation } from '@/components/conversation'
import { LiveUpdates } from '@/components/live-updates'
import { SlaDue } from '@/components/sla-due'
import { PriorityPill, StatusPill } from '@/components/ticket-pills'
import { conversation } from '@/lib/conversation'
import { formatDateTime } from '@/lib/format'
import { ticketBindings, timeBindings } from '@/lib/live-bindings'
import { optionalRead } from '@/lib/optional-read'
import { isProviderAdmin, requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { loadTicketWithTimeline } from '@/lib/ticket-loader'
import { AccessDenied } from '../../access-denied'
import { ActivityLog } from './activity-log'
import { CompanyCard } from './company-card'
import { ReplyForm } from './reply-form'
import { SendUpdateCard } from './send-update-card'
import { SplitMessage } from './split-message'
import { AssigneeField, CompanyField, PriorityField, StatusField, TagsField } from './ticket-panel'
import { TicketPresence } from './ticket-presence'
import { TimeCard } from './time-card'
import { UnverifiedEmailActions, UnverifiedEmailDecisions } from './unverified-email'

export const metadata: Metadata = { title: 'Helpdesk ticket' }

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

function DateTime({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <span>—</span>
}

function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  )
}

/** The side panel's lists and the agent's context; a failed read leaves its part empty. */
async function loadWorkspace(ticket: {
  id: string
  created_by_user_id: string | null
  assigned_to: string | null
}) {
  const supabase = await serverSupabase()
  const requester = ticket.created_by_user_id
  const [emails, rating, whatsapp, staff, companies, events, canned, otherTickets] = await Promise.all([
    userEmailsQuery(
      supabase,
      [requester, ticket.assigned_to].filter((id): id is string => !!id),
    ),
    optionalRead('the rating', () => ticketRatingQuery(supabase, ticket.id), null),
    optionalRead('the WhatsApp state', () => ticketWhatsappQuery(supabase, ticket.id), null),
    optionalRead('the staff', () => staffMembersQuery(supabase), []),
    optionalRead('the companies', () => companiesQuery(supabase), []),
    optionalRead('the activity', () => ticketEventsQuery(supabase, ticket.id), []),
    optionalRead('the canned replies', () => cannedRepliesQuery(supabase), []),
    requester
      ? optionalRead(
          "the requester's tickets",
          () => requesterTicketsQuery(supabase, { userId: requester, exceptTicketId: ticket.id }),
          [],
        )
      : [],
  ])
  return { emails, rating, whatsapp, staff, companies, events, canned, otherTickets }
}

/**
 * The Time card's data: the entries with whether this user may still change each (the author
 * within 7 days, a provider admin any time; the database decides again on save), the totals, and
 * the running timers. Null when it cannot be read (the card is left out).
 */
async function loadTime(ticketId: string, userId: string, staff: readonly { id: string; name: string }[]) {
  const supabase = await serverSupabase()
  const [time, admin] = await Promise.all([
    optionalRead('the time', () => ticketTimeQuery(supabase, ticketId).then((data) => ({ data })), null),
    isProviderAdmin(),
  ])
  if (!time) return null
  const editableSince = Date.now() - TIME_ENTRY_EDIT_DAYS * 24 * 60 * 60 * 1000
  const mine = time.timers.find((timer) => timer.agent_id === userId) ?? null
  return {
    today: johannesburgDay(),
    minutes: time.minutes,
    billableMinutes: time.billableMinutes,
    timer: mine,
    others: time.timers
      .filter((timer) => timer !== mine)
      .map((timer) => staff.find((person) => person.id === timer.agent_id)?.name ?? 'another agent'),
    entries: time.entries.map(({ agent_id, created_at, ...entry }) => ({
      ...entry,
      editable: admin || (agent_id === userId && Date.parse(created_at) > editableSince),
    })),
  }
}

export default async function HelpdeskTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireUser(`/portal/helpdesk/${id}`)
  // Non-staff get the ticket page's refusal before anything about the ticket is read.
  if (!(await staffPageAccess(`/portal/helpdesk/${id}`))) return <AccessDenied />
  const { ticket, messages, links } = await loadTicketWithTimeline(id, helpdeskTicketQuery)
  if (!ticket) return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const { emails, rating, whatsapp, staff, companies, events, canned, otherTickets } =
    await loadWorkspace(ticket)

  // The newest WhatsApp message to the client still waiting to be confirmed as sent, and its number.
  const pending = messages.findLast(
    (m) => m.direction === 'outbound' && m.channel === 'whatsapp' && m.created_by === user.id,
  )
  // A web request from someone without an account has a requester contact instead.
  const requesterEmail =
    (ticket.created_by_user_id ? emails.get(ticket.created_by_user_id) : undefined) ??
    ticket.requester_contact?.email
  // The number given for this ticket (logged for a client), else their contact's.
  const requesterPhone = ticket.requester_phone ?? ticket.requester_contact?.phone
  const me = staff.find((person) => person.id === user.id)
  const time = await loadTime(ticket.id, user.id, staff)
  const ref = { ticketId: ticket.id, version: ticket.version }

  return (
    <Container width="7xl" className="py-8">
      <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
        Helpdesk
      </Link>
      <div className="mt-2 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-sm text-slate-600">{ticket.tracking_ref}</p>
              <LiveUpdates
                name={`ticket:${ticket.id}`}
                bindings={[...ticketBindings(ticket.id), ...timeBindings(ticket.id)]}
              />
            </div>
            <TicketPresence ticketId={ticket.id} me={{ id: user.id, name: me?.name ?? 'An agent' }} />
            <h1 className="text-2xl font-bold text-brand-900">{ticket.summary}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <StatusPill status={ticket.status} />
              <PriorityPill priority={ticket.priority} />
              <span className="text-slate-600">
                Customer sees “{customerStatusLabel(ticket.status)}” · <SlaDue ticket={ticket} />
              </span>
            </div>
          </div>
          <UnverifiedEmailDecisions>
            <Conversation
              entries={conversation(ticket, messages, { id: user.id }, links)}
              unverifiedActions={(entry) => (
                <UnverifiedEmailActions
                  ticketId={ticket.id}
                  messageId={entry.unverified.messageId}
                  from={entry.unverified.from}
                />
              )}
              splitAction={(entry) => <SplitMessage ticketId={ticket.id} messageId={entry.split} />}
            />
          </UnverifiedEmailDecisions>
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
            canned={canned}
            placeholders={{
              requester_name: ticket.requester_name ?? 'there',
              reference: ticket.tracking_ref,
              agent_name: me?.name ?? 'Siyakha Support',
            }}
          />
          <ActivityLog events={events} />
        </div>

        <aside aria-label="Ticket workspace" className="space-y-4">
          <Panel title="Properties" id="properties-title">
            <StatusField ticket={ref} status={ticket.status} closeReason={ticket.close_reason} />
            <PriorityField ticket={ref} priority={ticket.priority} />
            <AssigneeField ticket={ref} assignee={ticket.assigned_to} staff={staff} userId={user.id} />
            <CompanyField ticket={ref} company={ticket.company_id} companies={companies} />
            <TagsField ticket={ref} tags={ticket.tags} />
          </Panel>

          {time ? <TimeCard ticketId={ticket.id} {...time} /> : null}

          <Panel title="Requester" id="requester-title">
            <dl aria-label="Requester details" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <Detail term="Name">
                {ticket.requester_name ?? 'Unknown'}
                {ticket.created_by_user_id ? null : ' (no account yet)'}
              </Detail>
              <Detail term="Email">
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
              </Detail>
              {requesterPhone ? (
                <Detail term="Phone">
                  <a href={`tel:${requesterPhone}`} className="text-brand-700 underline underline-offset-2">
                    {requesterPhone}
                  </a>
                </Detail>
              ) : null}
              {whatsapp?.phone ? <Detail term="WhatsApp">{whatsapp.phone}</Detail> : null}
              <Detail term="Company">{ticket.company?.name ?? 'None (individual customer)'}</Detail>
            </dl>
            {otherTickets.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold text-brand-900">Their other tickets</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {otherTickets.map((other) => (
                    <li key={other.id}>
                      <Link
                        href={`/portal/helpdesk/${other.id}`}
                        className="font-mono text-xs text-brand-700 underline underline-offset-2"
                      >
                        {other.tracking_ref}
                      </Link>{' '}
                      {other.summary}{' '}
                      <span className="text-slate-600">({staffStatusLabel(other.status)})</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : ticket.created_by_user_id ? (
              <p className="text-sm text-slate-600">No other tickets from them.</p>
            ) : null}
          </Panel>

          {ticket.company_id ? <CompanyCard companyId={ticket.company_id} /> : null}

          <Panel title="Details" id="details-title">
            <dl aria-label="Ticket details" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
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
              <Detail term="Channel">
                {CHANNEL_LABELS[ticket.channel as TicketChannel] ?? ticket.channel}
              </Detail>
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
              <Detail term="Last activity">
                <DateTime iso={ticket.last_activity_at} />
              </Detail>
            </dl>
          </Panel>

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
