// The pipeline every public form shares: per-address rate limit, honeypot, the site's own zod
// schema, a stored row with a reference, then the requester's confirmation (at most a few per
// recipient and hour) and the inbox notice.
import type { ZodType } from 'zod'
import { isBot } from './honeypot.ts'
import { clientIp, json, readJson, serve, sha256, validationError } from './http.ts'
import { type Mail, sendMail } from './mail.ts'
import { enforceRateLimit, insertWithReference, mayMail, newReference, serviceClient } from './supabase.ts'

export interface PublicForm<Data, Row extends Record<string, unknown>> {
  /** Rate-limit bucket, the function's name. */
  name: string
  table: string
  /** 'SR', 'QR': the stored reference is `${prefix}-XXXXXX`. */
  referencePrefix: string
  schema: ZodType<Data>
  /** Per address: at most `max` submissions per `windowSeconds`. */
  limit: { windowSeconds: number; max: number }
  /** Optional fields arrive as '' from forms; store them as null. */
  toRow: (data: Data) => Row
  /** The requester's confirmation (limited per recipient), then the notices to the support inbox. */
  emails: (row: Row, reference: string) => { requester: Mail; inbox: Mail[] }
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
      if (isBot(body)) return json(req, 200, { reference: newReference(form.referencePrefix) })
      const parsed = form.schema.safeParse(body)
      if (!parsed.success) throw validationError(parsed.error.issues)
      const row = form.toRow(parsed.data)
      const reference = await insertWithReference(service, form.table, form.referencePrefix, row)
      const { requester, inbox } = form.emails(row, reference)
      if (await mayMail(service, form.name, requester.to)) await sendMail(requester)
      else console.warn(`${form.name}: ${reference} stored, confirmation not sent (recipient limit)`)
      for (const mail of inbox) await sendMail(mail)
      return json(req, 200, { reference })
    },
  })
}
