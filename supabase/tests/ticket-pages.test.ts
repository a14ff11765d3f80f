import { myTicketsQuery, type TicketCursor } from '@siyakha/supabase/queries'
import { describe, expect, it } from 'vitest'
import { newCustomer, sql } from './helpers'

// The portal's cursor pages through the real REST layer: every ticket once, in order, also when
// several share a created_at (ties go by id). The helpdesk queue's pages: helpdesk-queue.test.ts.

const cursorOf = (row: { created_at: string; id: string }): TicketCursor => ({
  createdAt: row.created_at,
  id: row.id,
})

describe('ticket list pages', () => {
  it("walks a customer's tickets by cursor, ties included, and back again", async () => {
    const customer = await newCustomer('pages')
    // Seven tickets, four of them in the same microsecond.
    await sql(
      `insert into public.tickets (created_by_user_id, summary, created_at)
       select $1, 'Page ticket ' || g,
         case when g <= 4 then timestamptz '2026-01-01 10:00:00.123456+00' else timestamptz '2026-01-01 09:00:00+00' + g * interval '1 second' end
       from generate_series(1, 7) g`,
      [customer.id],
    )
    const { data: all } = await myTicketsQuery(customer.supabase, { userId: customer.id, limit: 50 })
    expect(all).toHaveLength(7)

    const seen: string[] = []
    let after: TicketCursor | undefined
    for (let page = 0; page < 5; page++) {
      const { data } = await myTicketsQuery(customer.supabase, { userId: customer.id, limit: 2, after })
      seen.push(...data.map((t) => t.id))
      const last = data.at(-1)
      if (!last || data.length < 2) break
      after = cursorOf(last)
    }
    expect(seen).toEqual(all.map((t) => t.id))
  })
})
