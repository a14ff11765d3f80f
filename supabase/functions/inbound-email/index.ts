// Reply by email (issue 12, part 5; ../shared/docs/messaging-contract.md §3): the inbound-mail
// provider's webhook (Resend's `email.received`, signed Svix-style). A customer's answer to a
// notification lands on its ticket without the quoted history; a new mail to the support inbox
// opens a ticket; automatic mail is dropped unanswered. verify_jwt off: the provider calls it, and
// the signature over the raw body is the check, made before anything is parsed.
//
// Answers: 401 for a missing, wrong or stale signature; 503 when the mail's content could not be
// fetched yet (the provider re-delivers); 200 once the outcome is committed, for every event the
// provider should not send again (duplicates and ignored mail included).
import { z } from 'zod'
import { dmarcVerdict } from '../_shared/auth-results.ts'
import { setting } from '../_shared/config.ts'
import { visibleReply } from '../_shared/email-reply.ts'
import { HttpError, json, readBody, serve } from '../_shared/http.ts'
import { storeMailAttachments } from '../_shared/inbound-attachments.ts'
import {
  automaticReason,
  BOUNCE_REASONS,
  bouncedRowIds,
  cleanSubject,
  type InboundSettings,
  parseAddress,
  type ReceivedEmail,
  receivedEmailSchema,
  ticketHints,
} from '../_shared/inbound-mail.ts'
import { mailFrom, supportInbox } from '../_shared/mail.ts'
import { checkReplyToken, readReplyTokens } from '../_shared/reply-token.ts'
import { verifySvix } from '../_shared/signatures.ts'
import { serviceClient } from '../_shared/supabase.ts'

const PROVIDER = 'resend'
/** More mail than this from one verified sender in an hour is a robot (or a loop): dropped. */
const SENDER_LIMIT_PER_HOUR = 20
/**
 * Unverified mail shares one budget (INBOUND_UNVERIFIED_LIMIT_PER_HOUR): its From proves nothing,
 * so counting it against the address it names would let anyone spend a real customer's allowance.
 */
const UNVERIFIED_LIMIT_PER_HOUR = 100

const eventSchema = z.object({
  type: z.string(),
  // Provider ids are UUIDs; anything outside this alphabet is not one.
  data: z.object({ email_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/) }).passthrough(),
})

function settings(): InboundSettings {
  const own = [parseAddress(mailFrom())?.email, parseAddress(supportInbox())?.email]
  return {
    replyDomain: (Deno.env.get('MAIL_REPLY_DOMAIN') || 'reply.siyakha.example').toLowerCase(),
    messageIdDomain: (Deno.env.get('MESSAGE_ID_DOMAIN') || 'siyakha.example').toLowerCase(),
    ownAddresses: own.filter((a): a is string => Boolean(a)),
  }
}

const resendApiUrl = () => (Deno.env.get('RESEND_API_URL') || 'https://api.resend.com').replace(/\/+$/, '')

/** The received mail's content, or why it could not be had. */
async function fetchEmail(emailId: string): Promise<ReceivedEmail | 'missing' | 'unavailable'> {
  const base = resendApiUrl()
  const key = setting('RESEND_API_KEY')
  let answer: Response
  try {
    answer = await fetch(`${base}/emails/receiving/${encodeURIComponent(emailId)}`, {
      headers: { Authorization: `Bearer ${key}` },
    })
  } catch (error) {
    console.warn(`inbound-email: could not fetch ${emailId}: ${(error as Error).message}`)
    return 'unavailable'
  }
  if (answer.status === 404) return 'missing'
  if (!answer.ok) {
    console.warn(`inbound-email: fetching ${emailId} answered ${answer.status}`)
    return 'unavailable'
  }
  const parsed = receivedEmailSchema.safeParse(await answer.json())
  if (!parsed.success) {
    console.error(`inbound-email: ${emailId} has an unexpected shape: ${parsed.error.message}`)
    return 'missing'
  }
  return parsed.data
}

/**
 * The value with every NUL character removed from its strings: PostgreSQL's text and jsonb cannot
 * hold one, and a mail may carry them anywhere (found by the inbound-email fuzz: a 500 and a
 * mail lost to retries).
 */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T
  if (Array.isArray(value)) return value.map(withoutNul) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T
  }
  return value
}

function unverifiedLimit(): number {
  const configured = Number(Deno.env.get('INBOUND_UNVERIFIED_LIMIT_PER_HOUR'))
  return Number.isInteger(configured) && configured > 0 ? configured : UNVERIFIED_LIMIT_PER_HOUR
}

/** Every value of a header, topmost first. */
function headerValues(email: ReceivedEmail, name: string): string[] {
  const values: string[] = []
  for (const [key, value] of Object.entries(email.headers ?? {})) {
    if (key.toLowerCase() === name) values.push(...(Array.isArray(value) ? value : [value]))
  }
  return values
}

interface SenderIdentity {
  /** The ticket a correctly signed reply address names (either form), if any. */
  tokenRef: string | null
  /** The sender is who From says: by their own reply address, or by the provider's DMARC pass. */
  verified: boolean
  /** What proved it (or 'none'), kept with the message. */
  evidence: 'reply_address' | 'dmarc' | 'none'
}

/**
 * Who sent this mail, on evidence the sender cannot forge (§3.4): From alone proves nothing. A
 * reply address proves the sender only when it was issued to that very address; the provider's
 * Authentication-Results (its own authserv-id, INBOUND_AUTHSERV_ID) when DMARC passed for From's
 * domain.
 */
async function senderIdentity(
  service: ReturnType<typeof serviceClient>,
  email: ReceivedEmail,
  sender: string,
  inbound: InboundSettings,
): Promise<SenderIdentity> {
  const secret = setting('REPLY_TOKEN_SECRET')
  const addresses = [...email.to, ...(email.cc ?? []), ...(email.received_for ?? [])]
    .map((entry) => parseAddress(entry)?.email)
    .filter((a): a is string => Boolean(a))
  let tokenRef: string | null = null
  let byToken = false
  // A handful at most: a mail naming dozens of our addresses is not a reply.
  for (const token of readReplyTokens(addresses, inbound.replyDomain).slice(0, 5)) {
    const { data: ticket } = await service
      .from('tickets')
      .select('id')
      .eq('tracking_ref', token.ref)
      .maybeSingle()
      .throwOnError()
    if (!ticket) continue
    const proves = await checkReplyToken(token, ticket.id, sender, secret)
    if (proves === 'invalid') continue
    if (proves === 'recipient') {
      tokenRef = token.ref
      byToken = true
      break
    }
    tokenRef ??= token.ref
  }
  const domain = sender.split('@')[1] ?? ''
  const dmarc = dmarcVerdict(
    headerValues(email, 'authentication-results'),
    Deno.env.get('INBOUND_AUTHSERV_ID'),
    domain,
  )
  const evidence = byToken ? 'reply_address' : dmarc === 'pass' ? 'dmarc' : 'none'
  return { tokenRef, verified: evidence !== 'none', evidence }
}

serve({
  async POST(req) {
    const raw = new TextDecoder().decode(await readBody(req))
    const signed = await verifySvix(
      setting('RESEND_WEBHOOK_SECRET'),
      {
        id: req.headers.get('svix-id'),
        timestamp: req.headers.get('svix-timestamp'),
        signature: req.headers.get('svix-signature'),
      },
      raw,
    )
    if (!signed)
      throw new HttpError(401, { error: 'invalid_signature', message: 'The webhook signature is not valid.' })
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      throw new HttpError(400, { error: 'invalid_json', message: 'The request body must be JSON' })
    }
    if ((body as { type?: unknown } | null)?.type !== 'email.received')
      return json(req, 200, { ignored: true })
    const event = eventSchema.safeParse(body)
    if (!event.success) {
      throw new HttpError(400, {
        error: 'validation',
        message: 'An email.received event needs data.email_id',
      })
    }
    const emailId = event.data.data.email_id
    const service = serviceClient()
    const { data: fresh, error: claimError } = await service.rpc('inbound_event_claim', {
      p_provider: PROVIDER,
      p_event_id: emailId,
    })
    if (claimError) throw new Error(`inbound_event_claim: ${claimError.message}`)
    if (!fresh) return json(req, 200, { duplicate: true })

    const record = async (outcome: string, detail: Record<string, unknown> = {}) => {
      const { error } = await service.rpc('inbound_event_record', {
        p_provider: PROVIDER,
        p_event_id: emailId,
        p_outcome: outcome,
        p_detail: detail,
      })
      if (error) throw new Error(`inbound_event_record: ${error.message}`)
      return json(req, 200, { outcome, ...detail })
    }

    try {
      const email = await fetchEmail(emailId)
      if (email === 'unavailable') {
        await service.rpc('inbound_event_release', { p_provider: PROVIDER, p_event_id: emailId })
        throw new HttpError(
          503,
          { error: 'content_unavailable', message: 'Try again later.' },
          { 'Retry-After': '5' },
        )
      }
      if (email === 'missing') return await record('content_missing')

      const sender = parseAddress(withoutNul(email.from))
      if (!sender) return await record('ignored', { reason: 'no_sender' })
      const inbound = settings()
      const automatic = automaticReason(email, sender.email, inbound)
      if (automatic && BOUNCE_REASONS.has(automatic)) {
        // Never answered; but a report naming our mail means that mail did not arrive.
        const bounced: number[] = []
        for (const id of bouncedRowIds(email, inbound)) {
          const { data, error } = await service.rpc('outbox_bounced', {
            p_id: id,
            p_detail: withoutNul(`${sender.email}: ${(email.subject ?? '').slice(0, 200)}`),
          })
          if (error) throw new Error(`outbox_bounced: ${error.message}`)
          if (data) bounced.push(id)
        }
        if (bounced.length > 0) return await record('bounce', { reason: automatic, outbox_ids: bounced })
      }
      if (automatic) return await record('ignored', { reason: automatic })
      const identity = await senderIdentity(service, email, sender.email, inbound)
      const { data: allowed, error: limitError } = await service.rpc(
        'rate_limit_hit',
        identity.verified
          ? {
              p_bucket: 'inbound_email',
              p_key: sender.email,
              p_window_seconds: 3600,
              p_max: SENDER_LIMIT_PER_HOUR,
            }
          : {
              p_bucket: 'inbound_email_unverified',
              p_key: 'all',
              p_window_seconds: 3600,
              p_max: unverifiedLimit(),
            },
      )
      if (limitError) throw new Error(`rate_limit_hit: ${limitError.message}`)
      if (!allowed)
        return await record('ignored', { reason: identity.verified ? 'sender_rate' : 'unverified_rate' })

      const attachments = (email.attachments ?? []).map((a) => ({
        id: a.id ?? null,
        filename: a.filename ?? 'attachment',
        content_type: a.content_type ?? null,
        size: a.size ?? null,
      }))
      const reply = visibleReply(
        { text: email.text, html: email.html },
        attachments.map((a) => a.filename),
      )
      if (!reply) return await record('empty')

      const hints = ticketHints(email, inbound)
      const { data: result, error } = await service.rpc('receive_email', {
        p: withoutNul({
          event_id: emailId,
          from_email: sender.email,
          from_name: sender.name,
          subject: email.subject ?? '',
          summary: cleanSubject(email.subject),
          message_id: email.message_id ?? null,
          body: reply.body,
          metadata: { email_id: emailId, attachments, ...(reply.truncated ? { truncated: true } : {}) },
          token_ref: identity.tokenRef,
          verified: identity.verified,
          evidence: identity.evidence,
          thread_refs: hints.threadRefs,
          thread_ids: hints.threadIds,
          subject_ref: hints.subjectRef,
          unknown_sender: Deno.env.get('INBOUND_UNKNOWN_SENDER') === 'reject' ? 'reject' : 'ticket',
        }),
      })
      if (error) throw new Error(`receive_email: ${error.message}`)
      if (attachments.length > 0) {
        await storeMailAttachments(service, {
          apiUrl: resendApiUrl(),
          apiKey: setting('RESEND_API_KEY'),
          emailId,
          received: result,
          from: sender.email,
          named: attachments.map((a) => a.filename),
        })
      }
      return json(req, 200, result)
    } catch (error) {
      // Not handled after all: forget the event, so the provider's next delivery is not a duplicate.
      if (!(error instanceof HttpError)) {
        await service.rpc('inbound_event_release', { p_provider: PROVIDER, p_event_id: emailId })
      }
      throw error
    }
  },
})
