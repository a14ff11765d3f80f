import type { TicketCursor } from '@siyakha/supabase/queries'
import { z } from 'zod'

/**
 * A ticket list's page cursor in the URL (`?after=` / `?before=`): the boundary row's created_at,
 * exactly as the database wrote it, and its id, joined by `_`. Anything else (garbage, a repeated
 * key's later values, an impossible date) reads as no cursor, so a hand-edited URL shows the first
 * page instead of failing.
 */

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/

/** A real instant in the form Postgres prints it (ISO 8601, up to microseconds, with an offset). */
function isTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value)
  if (!parts) return false
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1970 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  )
}

const cursorSchema = z
  .string()
  .max(80)
  .transform((value, ctx) => {
    const at = value.lastIndexOf('_')
    const createdAt = value.slice(0, at)
    const id = value.slice(at + 1)
    if (at < 0 || !isTimestamp(createdAt) || !z.uuid().safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: 'Not a page cursor' })
      return z.NEVER
    }
    return { createdAt, id: id.toLowerCase() } satisfies TicketCursor
  })

/** The cursor in a search param's value, or undefined. */
export function parseCursor(value: string | string[] | undefined): TicketCursor | undefined {
  const first = Array.isArray(value) ? value[0] : value
  const parsed = cursorSchema.safeParse(first)
  return parsed.success ? parsed.data : undefined
}

/** A cursor as its URL value (what parseCursor reads). */
export function formatCursor({ createdAt, id }: TicketCursor): string {
  return `${createdAt}_${id}`
}

/** The cursor of a listed ticket, for the link to the page after (or before) it. */
export function cursorOf(ticket: { created_at: string; id: string }): string {
  return formatCursor({ createdAt: ticket.created_at, id: ticket.id })
}
