// The pipeline every public form shares: per-address rate limit, honeypot, the site's own zod
// schema, then one transaction (public.submit_web_request) that stores the request with its
// SR-/QR- reference and opens a ticket in the helpdesk queue, then the requester's confirmation
// with the ticket's reference (at most a few per recipient and hour) and the inbox notice.
import type { ZodType } from 'zod'
import { isBot } from './honeypot.ts'
import { clientIp, json, readJson, serve, sha256, validationError } from './http.ts'
import { type Mail, sendMail } from './mail.ts'
import { enforceRateLimit, mayMail, newReference, serviceClient } from './supabase.ts'

/** The ticket a web request opens: who asked and what about. */
export interface WebTicket {
  email: string
  full_name: string
  phone: string | null
  /** At most 200 characters. */
  summary: string
  details: string
  category: string
}

/** What the requester and the inbox are told: the ticket's reference first, the form's own second. */
export interface Submitted {
  trackingRef: string
  requestReference: string
}

export interface PublicForm<Data, Row extends Record<string, unknown>> {
  /** Rate-limit bucket, the function's name. */
  name: string
  /** Which form: public.submit_web_request stores support_requests or quote_requests. */
  kind: 'support' | 'quote'
  schema: ZodType<Data>
  /** Per address: at most `max` submissions per `windowSeconds`. */
  limit: { windowSeconds: number; max: number }
  /** Optional fields arrive as '' from forms; store them as null. */
  toRow: (data: Data) => Row
  /** The ticket it opens in the helpdesk queue. */
  ticket: (row: Row) => WebTicket
  /** The requester's confirmation (limited per recipient), then the notices to the support inbox. */
  emails: (row: Row, ticket: WebTicket, submitted: Submitted) => { requester: Mail; inbox: Mail[] }
}

/** A ticket summary from free text: its first line, at most `max` characters. */
export function summaryOf(text: string, max = 120): string {
  const line = text.trim().split(/\r?\n/, 1)[0]?.trim() ?? ''
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}

export function servePublicForm<Data, Row extends Record<string, unknown>>(
  form: PublicForm<Data, Row>,
): void {
  serve({
    async POST(req) {
      const service = serviceClient()
      const address = await sha256(clientIp(req))
      await enforceRateLimit(service, form.name, address, form.limit.windowSeconds, form.limit.max)
      const body = await readJson(req)
      // A bot gets the same answer as a person and nothing is stored.
      if (isBot(body)) {
        return json(req, 200, {
          reference: newReference('TCK'),
          request_reference: newReference(form.kind === 'support' ? 'SR' : 'QR'),
        })
      }
      const parsed = form.schema.safeParse(body)
      if (!parsed.success) throw validationError(parsed.error.issues)
      const row = form.toRow(parsed.data)
      const ticket = form.ticket(row)
      const { data, error } = await service
        .rpc('submit_web_request', { p_kind: form.kind, p_request: row, p_ticket: ticket })
        .single<{ request_reference: string; ticket_id: string; tracking_ref: string }>()
      if (error || !data) throw new Error(`${form.name}: submit_web_request: ${error?.message ?? 'no row'}`)
      const submitted = { trackingRef: data.tracking_ref, requestReference: data.request_reference }
      const { requester, inbox } = form.emails(row, ticket, submitted)
      if (await mayMail(service, form.name, requester.to)) await sendMail(requester)
      else
        console.warn(`${form.name}: ${submitted.trackingRef} stored, confirmation not sent (recipient limit)`)
      for (const mail of inbox) await sendMail(mail)
      return json(req, 200, {
        reference: submitted.trackingRef,
        request_reference: submitted.requestReference,
      })
    },
  })
}
