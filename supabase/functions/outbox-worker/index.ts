// The outbox worker (../shared/docs/messaging-contract.md §1.3): claims due notification rows,
// renders and sends each one, and records the outcome: sent, retried later with backoff, failed
// for good, or dead after its attempts. Called on a schedule (hosted: pg_cron + pg_net; local:
// packages/local-supabase's driver) and when the outbox is written; runs may overlap safely, since
// a claimed row is leased to one run. Not for browsers: X-Worker-Secret must match.

import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { mailFrom, portalUrl, sendMailClassified, siteUrl, supportInbox } from '../_shared/mail.ts'
import { type MailSettings, type OutboxRow, renderNotification } from '../_shared/notification-mail.ts'
import { sameSecret } from '../_shared/signatures.ts'
import { serviceClient } from '../_shared/supabase.ts'

const bodySchema = z.object({ max: z.number().int().min(1).max(100).default(50) })

/** Stop claiming after this long: a run must end well inside the edge runtime's limits. */
const RUN_BUDGET_MS = 60_000

function secret(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
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
    siteUrl: siteUrl(),
    messageIdDomain: Deno.env.get('MESSAGE_ID_DOMAIN') || 'siyakha.example',
    replyDomain: Deno.env.get('MAIL_REPLY_DOMAIN') || 'reply.siyakha.example',
    replyTokenSecret: secret('REPLY_TOKEN_SECRET'),
    supportInbox: supportInbox(),
    mailFrom: mailFrom(),
    functionsUrl: `${secret('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1`,
    unsubscribeSecret: secret('UNSUBSCRIBE_SECRET'),
  }
}

/** Mails in flight at once (the SMTP pool has as many connections). */
const SEND_CONCURRENCY = 5

type Counts = { sent: number; retried: number; failed: number; dead: number }
type ClaimedRow = OutboxRow & { channel: string; attempts: number }

/** Renders, sends and records one row's outcome. */
async function deliver(
  service: SupabaseClient,
  row: ClaimedRow,
  mail: MailSettings,
  counts: Counts,
): Promise<void> {
  if (row.channel !== 'email') {
    // WhatsApp sends come with the Cloud API; until then such a row waits, visibly.
    const { error } = await service.rpc('outbox_fail', {
      p_id: row.id,
      p_error: `No sender for the ${row.channel} channel yet`,
      p_retry_after_seconds: 3600,
      p_permanent: false,
    })
    if (error) throw new Error(`outbox_fail: ${error.message}`)
    counts.retried++
    return
  }
  const result = await sendMailClassified(await renderNotification(row, mail))
  if (result.ok) {
    const { error } = await service.rpc('outbox_complete', { p_id: row.id, p_provider_id: result.messageId })
    if (error) throw new Error(`outbox_complete: ${error.message}`)
    counts.sent++
    return
  }
  console.warn(`outbox row ${row.id} (${row.event}) not sent: ${result.error}`)
  const { data: state, error } = await service.rpc('outbox_fail', {
    p_id: row.id,
    p_error: result.error,
    p_retry_after_seconds: backoffSeconds(row.attempts),
    p_permanent: result.permanent,
  })
  if (error) throw new Error(`outbox_fail: ${error.message}`)
  if (state === 'failed') counts.failed++
  else if (state === 'dead') counts.dead++
  else counts.retried++
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
    const counts: Counts = { sent: 0, retried: 0, failed: 0, dead: 0 }
    const started = Date.now()
    let remaining = parsed.data.max
    while (remaining > 0 && Date.now() - started < RUN_BUDGET_MS) {
      const { data, error } = await service.rpc('outbox_claim', {
        p_worker: worker,
        p_limit: Math.min(20, remaining),
      })
      if (error) throw new Error(`outbox_claim: ${error.message}`)
      const rows = (data ?? []) as ClaimedRow[]
      if (rows.length === 0) break
      remaining -= rows.length
      // A claim's rows belong to different threads (the claim holds back younger rows of one
      // thread), so they may go out side by side over the pooled connections.
      for (let i = 0; i < rows.length; i += SEND_CONCURRENCY) {
        await Promise.all(
          rows.slice(i, i + SEND_CONCURRENCY).map((row) => deliver(service, row, mail, counts)),
        )
      }
    }
    // A full run may have left rows behind: the caller runs the worker again at once.
    return json(req, 200, { ...counts, more: remaining <= 0 })
  },
})
