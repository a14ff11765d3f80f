import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { parseCursor } from '@/lib/cursor'
import { requireUser } from '@/lib/session'
import { TicketList } from '../ticket-list'

export const metadata: Metadata = { title: 'My Tickets' }

export default async function MyTicketsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const after = parseCursor((await searchParams).after)
  await requireUser('/portal/my-tickets')
  return (
    <Container width="3xl" className="py-10">
      <h1 className="mb-6 text-2xl font-bold text-brand-900">My Tickets</h1>
      <TicketList createHref="/portal/tickets#new-ticket" after={after} />
    </Container>
  )
}
