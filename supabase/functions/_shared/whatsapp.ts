// The WhatsApp Cloud API (Graph API) as the functions use it (../shared/docs/messaging-contract.md §5):
// send a text or a template, and read what an error means for the outbox. Written by hand: a
// POST and a table of error codes. Errors are classified by code, never by title.

export interface WhatsappSettings {
  graphUrl: string
  version: string
  phoneNumberId: string
  accessToken: string
  /** The approved UTILITY template for "there is an update on your ticket", or '' for none. */
  template: string
  templateLanguage: string
}

export function whatsappSettings(): WhatsappSettings | null {
  const get = (name: string) => Deno.env.get(name) ?? ''
  const settings = {
    graphUrl: get('WHATSAPP_GRAPH_URL').replace(/\/+$/, '') || 'https://graph.facebook.com',
    version: get('WHATSAPP_GRAPH_VERSION') || 'v26.0',
    phoneNumberId: get('WHATSAPP_PHONE_NUMBER_ID'),
    accessToken: get('WHATSAPP_ACCESS_TOKEN'),
    template: get('WHATSAPP_TEMPLATE_TICKET_UPDATE'),
    templateLanguage: get('WHATSAPP_TEMPLATE_LANGUAGE') || 'en',
  }
  return settings.phoneNumberId && settings.accessToken ? settings : null
}

/** What a failed send means for the outbox row. */
export type WhatsappFailure = {
  ok: false
  /** retry: try again later; permanent: the message failed; window: the 24-hour window is shut. */
  kind: 'retry' | 'permanent' | 'window'
  code: number | null
  error: string
  /** The least wait before a retry makes sense (rate limits). */
  retryAfterSeconds?: number
}
export type WhatsappResult = { ok: true; wamid: string } | WhatsappFailure

const RETRY_CODES = new Set([1, 2, 4, 130429, 131000, 131016, 131056, 133004, 80007])
/** Rate limits: the pair limit is ~1 message per 6 s per user; the others reset within a minute. */
const RETRY_AFTER: Record<number, number> = { 131056: 6, 130429: 60, 4: 60, 80007: 60 }

export function classifyWhatsappError(status: number, body: unknown): WhatsappFailure {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
  const code = typeof error?.code === 'number' ? error.code : null
  const message = `${status} ${code ?? ''} ${typeof error?.message === 'string' ? error.message : ''}`.trim()
  if (code === 131047) return { ok: false, kind: 'window', code, error: message }
  if (code !== null && RETRY_CODES.has(code)) {
    return { ok: false, kind: 'retry', code, error: message, retryAfterSeconds: RETRY_AFTER[code] }
  }
  if (code === null && (status >= 500 || status === 429))
    return { ok: false, kind: 'retry', code, error: message }
  return { ok: false, kind: 'permanent', code, error: message }
}

/** Template parameters may not hold newlines, tabs or more than four spaces in a row. */
export const templateParameter = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim()
    .slice(0, 1000) || '-'

/** One call to the messages endpoint: the answer's JSON, or what the failure means. */
async function call(
  settings: WhatsappSettings,
  body: Record<string, unknown>,
): Promise<{ ok: true; json: unknown } | WhatsappFailure> {
  let answer: Response
  try {
    answer = await fetch(`${settings.graphUrl}/${settings.version}/${settings.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', ...body }),
      signal: AbortSignal.timeout(20_000),
    })
  } catch (error) {
    return { ok: false, kind: 'retry', code: null, error: `network: ${(error as Error).message}` }
  }
  const json = await answer.json().catch(() => null)
  return answer.ok ? { ok: true, json } : classifyWhatsappError(answer.status, json)
}

/** Sends a message; the answer's wamid is what the statuses will name. */
async function post(settings: WhatsappSettings, body: Record<string, unknown>): Promise<WhatsappResult> {
  const result = await call(settings, { recipient_type: 'individual', ...body })
  if (!result.ok) return result
  const wamid = (result.json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id
  if (typeof wamid !== 'string')
    return { ok: false, kind: 'retry', code: null, error: 'No message id in the answer' }
  return { ok: true, wamid }
}

/** `+27825550105` → `27825550105`, as the Cloud API wants numbers. */
const digits = (e164: string) => e164.replace(/\D/g, '')

export function sendText(
  settings: WhatsappSettings,
  to: string,
  text: string,
  options: { contextId?: string | null; callback?: string } = {},
): Promise<WhatsappResult> {
  return post(settings, {
    to: digits(to),
    type: 'text',
    text: { preview_url: false, body: text.slice(0, 4096) },
    ...(options.contextId ? { context: { message_id: options.contextId } } : {}),
    ...(options.callback ? { biz_opaque_callback_data: options.callback.slice(0, 512) } : {}),
  })
}

/** The ticket-update template: "Hi {{1}}, there is an update on your ticket {{2}}. Reply here to read it." */
export function sendTicketUpdateTemplate(
  settings: WhatsappSettings,
  to: string,
  name: string,
  trackingRef: string,
  callback?: string,
): Promise<WhatsappResult> {
  return post(settings, {
    to: digits(to),
    type: 'template',
    template: {
      name: settings.template,
      language: { code: settings.templateLanguage },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: templateParameter(name) },
            { type: 'text', text: templateParameter(trackingRef) },
          ],
        },
      ],
    },
    // Not the reply's key: the template's statuses must not move the reply it stands in for.
    ...(callback ? { biz_opaque_callback_data: `tpl:${callback}`.slice(0, 512) } : {}),
  })
}

/**
 * Marks the client's message read (blue ticks): done when an agent answers it. Best effort: a
 * failure here must not hold the answer back, so it is logged, not thrown.
 */
export async function markRead(settings: WhatsappSettings, wamid: string): Promise<void> {
  const result = await call(settings, { status: 'read', message_id: wamid })
  if (!result.ok) console.warn(`could not mark ${wamid} read: ${result.error}`)
}
