import { ticketQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { z } from 'zod'
import { requireUser, serverSupabase } from '@/lib/session'
import { TicketList } from '../ticket-list'
import { CreateTicketForm } from './create-ticket-form'

export const metadata: Metadata = { title: 'My Tickets' }

/**
 * The closed ticket named by `?follow_up=` that the user can read, or none (a bad or foreign id
 * just opens a plain new ticket; the database checks the link again when the ticket is created).
 */
async function followedUp(raw: unknown): Promise<{ id: string; ref: string } | undefined> {
  const id = z.uuid().safeParse(Array.isArray(raw) ? raw[0] : raw)
  if (!id.success) return undefined
  const { data } = await ticketQuery(await serverSupabase(), id.data)
  return data?.status === 'closed' ? { id: data.id, ref: data.tracking_ref } : undefined
}

export default async function TicketsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await requireUser('/portal/tickets')
  const followUp = await followedUp((await searchParams).follow_up)
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
        {followUp ? (
          <p className="mt-3 text-sm text-slate-700">
            A follow-up of <span className="font-mono">{followUp.ref}</span>, which is closed: we will see
            what was done there.
          </p>
        ) : null}
        <CreateTicketForm followUpOf={followUp?.id} />
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
