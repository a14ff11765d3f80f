import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { requireUser } from '@/lib/session'
import { TicketList } from '../ticket-list'
import { CreateTicketForm } from './create-ticket-form'

export const metadata: Metadata = { title: 'My Tickets' }

export default async function TicketsPage() {
  await requireUser('/portal/tickets')
  return (
    <Container width="3xl" className="space-y-10 py-10">
      <section
        id="new-ticket"
        aria-labelledby="new-ticket-title"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="new-ticket-title" className="text-2xl font-bold text-brand-900">
          Log a Ticket and Send via WhatsApp
        </h1>
        <p className="mt-1 text-slate-600">
          We create the ticket, then open WhatsApp with your message and its reference filled in.
        </p>
        <CreateTicketForm />
      </section>
      <section aria-labelledby="my-tickets-title">
        <h2 id="my-tickets-title" className="mb-4 text-xl font-bold text-brand-900">
          My Tickets
        </h2>
        <TicketList createHref="#new-ticket" />
      </section>
    </Container>
  )
}
