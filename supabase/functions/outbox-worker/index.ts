// The outbox worker (../shared/docs/messaging-contract.md §1.3): claims due notification rows,
// renders and sends each one, and records the outcome: sent, retried later with backoff, failed
// for good, or dead after its attempts. Called on a schedule (hosted: pg_cron + pg_net; local:
// packages/local-supabase's driver) and when the outbox is written; runs may overlap safely, since
// a claimed row is leased to one run. Not for browsers: X-Worker-Secret must match.
import { z } from 'zod'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { mailFrom, portalUrl, sendMailClassified, supportInbox } from '../_shared/mail.ts'
import { type MailSettings, type OutboxRow, renderNotification } from '../_shared/notification-mail.ts'
import { serviceClient } from '../_shared/supabase.ts'

const bodySchema = z.object({ max: z.number().int().min(1).max(100).default(50) })

/** Stop claiming after this long: a run must end well inside the edge runtime's limits. */
const RUN_BUDGET_MS = 60_000

function secret(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/** Constant-time comparison, so the secret cannot be guessed a character at a time. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

/** min(base·2^(attempts−1), 1 h), ±20 %. */
function backoffSeconds(attempts: number): number {
  const base = Number(Deno.env.get('OUTBOX_RETRY_BASE_SECONDS') || 30)
  const delay = Math.min(base * 2 ** Math.max(0, attempts - 1), 3600)
  return Math.max(1, Math.round(delay * (0.8 + Math.random() * 0.4)))
}

function settings(): MailSettings {
  return {
    portalUrl: portalUrl(),
    messageIdDomain: Deno.env.get('MESSAGE_ID_DOMAIN') || 'siyakha.example',
    replyDomain: Deno.env.get('MAIL_REPLY_DOMAIN') || 'reply.siyakha.example',
    replyTokenSecret: secret('REPLY_TOKEN_SECRET'),
    supportInbox: supportInbox(),
    mailFrom: mailFrom(),
    functionsUrl: `${secret('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1`,
    unsubscribeSecret: secret('UNSUBSCRIBE_SECRET'),
  }
}

serve({
  async POST(req) {
    if (!sameSecret(req.headers.get('x-worker-secret') ?? '', secret('OUTBOX_WORKER_SECRET'))) {
      throw new HttpError(401, { error: 'unauthorized', message: 'Unknown worker secret.' })
    }
    const parsed = bodySchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const service = serviceClient()
    const worker = `outbox-worker:${crypto.randomUUID()}`
    const mail = settings()
    const counts = { sent: 0, retried: 0, failed: 0, dead: 0 }
    const started = Date.now()
    let remaining = parsed.data.max
    while (remaining > 0 && Date.now() - started < RUN_BUDGET_MS) {
      const { data, error } = await service.rpc('outbox_claim', {
        p_worker: worker,
        p_limit: Math.min(20, remaining),
      })
      if (error) throw new Error(`outbox_claim: ${error.message}`)
      const rows = (data ?? []) as (OutboxRow & { channel: string; attempts: number })[]
      if (rows.length === 0) break
      remaining -= rows.length
      for (const row of rows) {
        if (row.channel !== 'email') {
          // WhatsApp sends come with the Cloud API; until then such a row waits, visibly.
          await service.rpc('outbox_fail', {
            p_id: row.id,
            p_error: `No sender for the ${row.channel} channel yet`,
            p_retry_after_seconds: 3600,
            p_permanent: false,
          })
          counts.retried++
          continue
        }
        const result = await sendMailClassified(await renderNotification(row, mail))
        if (result.ok) {
          const { error: completeError } = await service.rpc('outbox_complete', {
            p_id: row.id,
            p_provider_id: result.messageId,
          })
          if (completeError) throw new Error(`outbox_complete: ${completeError.message}`)
          counts.sent++
          continue
        }
        console.warn(`outbox row ${row.id} (${row.event}) not sent: ${result.error}`)
        const { data: state, error: failError } = await service.rpc('outbox_fail', {
          p_id: row.id,
          p_error: result.error,
          p_retry_after_seconds: backoffSeconds(row.attempts),
          p_permanent: result.permanent,
        })
        if (failError) throw new Error(`outbox_fail: ${failError.message}`)
        if (state === 'failed') counts.failed++
        else if (state === 'dead') counts.dead++
        else counts.retried++
      }
    }
    return json(req, 200, counts)
  },
})
