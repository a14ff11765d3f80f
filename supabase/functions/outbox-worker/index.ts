// The outbox worker (../shared/docs/messaging-contract.md §1.3): claims due notification rows,
// sends each one (email through SMTP, WhatsApp through the Cloud API), and records the outcome:
// sent, retried later with backoff, failed for good, dead after its attempts, or (WhatsApp outside
// the 24-hour window) parked until the customer writes. Called on a schedule (hosted: pg_cron +
// pg_net; local: packages/local-supabase's driver) and when the outbox is written; runs may
// overlap safely, since a claimed row is leased to one run. Not for browsers: X-Worker-Secret
// must match.

import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { COMPANY_EVENTS, renderCompanyMail } from '../_shared/company-mail.ts'
import { setting as secret } from '../_shared/config.ts'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { mailFrom, portalUrl, sendMailClassified, siteUrl, supportInbox } from '../_shared/mail.ts'
import { type MailSettings, type OutboxRow, renderNotification } from '../_shared/notification-mail.ts'
import { sameSecret } from '../_shared/signatures.ts'
import { serviceClient } from '../_shared/supabase.ts'
import { markRead, sendText, sendTicketUpdateTemplate, whatsappSettings } from '../_shared/whatsapp.ts'

const bodySchema = z.object({ max: z.number().int().min(1).max(100).default(50) })

/** Stop claiming after this long: a run must end well inside the edge runtime's limits. */
const RUN_BUDGET_MS = 60_000

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

type Counts = { sent: number; retried: number; failed: number; dead: number; parked: number }
type ClaimedRow = OutboxRow & { channel: string; attempts: number }

/** Records a failed attempt: retried with backoff (or after the provider's hint), or failed for good. */
async function fail(
  service: SupabaseClient,
  row: ClaimedRow,
  counts: Counts,
  failure: { error: string; permanent: boolean; retryAfterSeconds?: number },
): Promise<void> {
  console.warn(`outbox row ${row.id} (${row.event}) not sent: ${failure.error}`)
  const { data: state, error } = await service.rpc('outbox_fail', {
    p_id: row.id,
    p_error: failure.error,
    p_retry_after_seconds: Math.max(backoffSeconds(row.attempts), failure.retryAfterSeconds ?? 0),
    p_permanent: failure.permanent,
  })
  if (error) throw new Error(`outbox_fail: ${error.message}`)
  if (state === 'failed') counts.failed++
  else if (state === 'dead') counts.dead++
  else counts.retried++
}

async function complete(service: SupabaseClient, row: ClaimedRow, providerId: string, counts: Counts) {
  const { error } = await service.rpc('outbox_complete', { p_id: row.id, p_provider_id: providerId })
  if (error) throw new Error(`outbox_complete: ${error.message}`)
  counts.sent++
}

/**
 * A WhatsApp row through the Cloud API (messaging-contract.md §5): text inside the customer's
 * 24-hour window; outside it, the ticket-update template once (where consented and configured)
 * and the reply parked until the customer writes; otherwise the message fails with the reason.
 */
async function deliverWhatsapp(service: SupabaseClient, row: ClaimedRow, counts: Counts): Promise<void> {
  const settings = whatsappSettings()
  if (!settings) {
    return fail(service, row, counts, { error: 'WhatsApp Cloud API is not set up', permanent: true })
  }
  const p = row.payload
  const text =
    row.event === 'whatsapp_unmatched'
      ? `Thanks for your message. We could not tell which ticket it is about: please send it again with its reference (Ref: TCK-XXXXXX), or log a support call at ${siteUrl()}/log-it.`
      : (p.body ?? '')
  const { data: states, error } = await service.rpc('whatsapp_send_state', {
    p_phone: row.recipient,
    p_ticket: row.ticket_id,
  })
  if (error) throw new Error(`whatsapp_send_state: ${error.message}`)
  const state = (states as { window_open: boolean; may_template: boolean }[] | null)?.[0]
  const windowOpen = row.event === 'whatsapp_unmatched' || Boolean(state?.window_open)
  if (windowOpen) {
    // The agent has read what the client wrote: show them (blue ticks) before the answer arrives.
    if (p.context_id) await markRead(settings, p.context_id)
    const result = await sendText(settings, row.recipient, text, {
      contextId: p.context_id,
      callback: row.idempotency_key,
    })
    if (result.ok) return complete(service, row, result.wamid, counts)
    if (result.kind !== 'window') {
      return fail(service, row, counts, {
        error: result.error,
        permanent: result.kind === 'permanent',
        retryAfterSeconds: result.retryAfterSeconds,
      })
    }
  }
  // The window is shut (by our records, or Meta's answer 131047).
  if (settings.template && state?.may_template && !p.template_wamid) {
    const template = await sendTicketUpdateTemplate(
      settings,
      row.recipient,
      p.requester_name ?? 'there',
      p.tracking_ref ?? '',
      row.idempotency_key,
    )
    if (!template.ok) {
      return fail(service, row, counts, {
        error: `template: ${template.error}`,
        permanent: template.kind !== 'retry',
        retryAfterSeconds: template.retryAfterSeconds,
      })
    }
    const { error: parkError } = await service.rpc('outbox_park', {
      p_id: row.id,
      p_template_wamid: template.wamid,
    })
    if (parkError) throw new Error(`outbox_park: ${parkError.message}`)
    counts.parked++
    return
  }
  return fail(service, row, counts, {
    error:
      'outside_window: the customer has not written on WhatsApp in the last 24 hours, so only an approved template may go. Ask them to message us first, or reply by email.',
    permanent: true,
  })
}

/** Renders, sends and records one row's outcome. */
async function deliver(
  service: SupabaseClient,
  row: ClaimedRow,
  mail: MailSettings,
  counts: Counts,
): Promise<void> {
  if (row.channel === 'whatsapp') return deliverWhatsapp(service, row, counts)
  const result = await sendMailClassified(
    COMPANY_EVENTS.has(row.event) ? renderCompanyMail(row, mail) : await renderNotification(row, mail),
  )
  if (result.ok) return complete(service, row, result.messageId, counts)
  return fail(service, row, counts, { error: result.error, permanent: result.permanent })
}

serve({
  async POST(req) {
    if (!sameSecret(req.headers.get('x-worker-secret') ?? '', secret('OUTBOX_WORKER_SECRET'))) {
      throw new HttpError(401, { error: 'unauthorized', message: 'Unknown worker secret.' })
    }
    const parsed = bodySchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    // Before anything is claimed: without these every mail would fail, so they wait instead.
    const mail = settings()
    secret('SMTP_HOST')
    const service = serviceClient()
    const worker = `outbox-worker:${crypto.randomUUID()}`
    const counts: Counts = { sent: 0, retried: 0, failed: 0, dead: 0, parked: 0 }
    const started = Date.now()
    let remaining = parsed.data.max
    // Housekeeping that writes outbox rows this run then sends: parked WhatsApp replies that
    // waited too long, and resolved tickets due a reminder or their automatic close.
    const { error: expireError } = await service.rpc('outbox_expire_parked', {})
    if (expireError) throw new Error(`outbox_expire_parked: ${expireError.message}`)
    const { error: closeError } = await service.rpc('close_resolved_tickets', {})
    if (closeError) throw new Error(`close_resolved_tickets: ${closeError.message}`)
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
