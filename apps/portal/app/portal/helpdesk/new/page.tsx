import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { requireUser, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../access-denied'
import { ClientTicketForm } from './client-ticket-form'

export const metadata: Metadata = { title: 'Log a ticket for a client' }

/**
 * For a call, a walk-in or a mail to an agent: the ticket is the client's (their account, or a
 * contact that joins their account when they sign up), open and assigned to the agent, and the
 * client gets the usual acknowledgement with its reference.
 */
export default async function NewClientTicketPage() {
  await requireUser('/portal/helpdesk/new')
  if (!(await staffPageAccess('/portal/helpdesk/new'))) return <AccessDenied />
  return (
    <Container width="3xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Log a ticket for a client</h1>
        <p className="mt-2 text-slate-600">
          The client gets an email with the reference. To message them on WhatsApp, open the ticket after
          logging it and use “Send Update via WhatsApp”.
        </p>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ClientTicketForm />
      </section>
    </Container>
  )
}
