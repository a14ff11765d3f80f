import { deadLettersQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { formatDateTime } from '@/lib/format'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../access-denied'
import { RetryButton } from './retry-button'

export const metadata: Metadata = { title: 'Undelivered notifications' }

const EVENTS: Record<string, string> = {
  ticket_created: 'Ticket received',
  staff_reply: 'Reply to the customer',
  status_waiting_on_customer: 'Waiting on the customer',
  status_resolved: 'Resolved',
  status_closed: 'Closed',
  staff_new_ticket: 'New ticket alert',
  customer_reply: 'Customer reply alert',
  staff_assigned: 'Assignment alert',
  status_resolved_reminder: 'Resolved: reminder',
  staff_whatsapp_reply: 'WhatsApp reply to the client',
  whatsapp_unmatched: 'WhatsApp: which ticket?',
  auto_reply_unverified_sender: 'Automatic answer: sender not on the ticket',
  auto_reply_unknown_sender: 'Automatic answer: unknown sender',
}

/**
 * The outbox's dead letters: mails the SMTP server refused for good ('failed') or that ran out of
 * attempts ('dead'), newest first, with the server's answer and a way to send each one again.
 */
export default async function OutboxPage() {
  await requireUser('/portal/helpdesk/outbox')
  if (!(await staffPageAccess('/portal/helpdesk/outbox'))) return <AccessDenied />
  const { data: rows } = await deadLettersQuery(await serverSupabase())
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Undelivered notifications</h1>
        <p className="mt-2 text-slate-600">
          Emails that could not be delivered. Check the address or the mail server&apos;s answer, then retry.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-600">Every notification was delivered.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Undelivered notifications, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Ticket
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  To
                </th>
                <th scope="col" className="px-3 py-2">
                  Why
                </th>
                <th scope="col" className="px-3 py-2">
                  Last try
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-200 align-top">
                  <td className="px-3 py-2 font-mono">
                    {row.ticket_id ? (
                      <Link href={`/portal/helpdesk/${row.ticket_id}`} className="text-brand-700 underline">
                        {row.tracking_ref}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-2">{EVENTS[row.event] ?? row.event}</td>
                  <td className="px-3 py-2 break-all">{row.recipient}</td>
                  <td className="px-3 py-2">
                    {row.state === 'dead' ? `Gave up after ${row.attempts} attempts: ` : 'Refused: '}
                    <span className="text-slate-600">{row.last_error}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <RetryButton id={row.id} label={`Retry the email to ${row.recipient}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Container>
  )
}
