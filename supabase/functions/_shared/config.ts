// The function secrets the functions read that a hosted project must set itself, and what goes
// without each (issue 44: a missing piece of configuration is named in the health function's
// answer and in the log, never met as a failed customer action). A function that cannot do its
// job without one throws MissingSetting; serve() answers 503 `not_configured` naming it, so a
// webhook's provider delivers again later and the outbox's rows wait, instead of a bare 500.
//
// SUPABASE_URL and the keys are not here: Supabase sets them for every function itself.

import { forwarderSecretProblem } from '@siyakha/schemas/client-address'

export interface Setting {
  name: string
  /** What goes without it, for the operator. */
  without: string
}

export const SETTINGS: readonly Setting[] = [
  {
    name: 'SMTP_HOST',
    without: 'no mail is sent: ticket mail waits in the outbox, form acknowledgements are skipped',
  },
  {
    name: 'OUTBOX_WORKER_SECRET',
    without: 'the outbox worker refuses every call: ticket mail waits in the outbox',
  },
  { name: 'REPLY_TOKEN_SECRET', without: 'ticket mail waits in the outbox; replies by email are not taken' },
  { name: 'UNSUBSCRIBE_SECRET', without: 'ticket mail waits in the outbox; unsubscribe links are not taken' },
  { name: 'RESEND_API_KEY', without: 'inbound mail is not taken (Resend delivers it again later)' },
  { name: 'RESEND_WEBHOOK_SECRET', without: 'inbound mail is not taken (Resend delivers it again later)' },
  {
    name: 'INBOUND_AUTHSERV_ID',
    without: 'only reply addresses verify a mail’s sender: other mail is kept for staff as unverified',
  },
  {
    name: 'WHATSAPP_PHONE_NUMBER_ID',
    without: 'WhatsApp replies fail as "WhatsApp Cloud API is not set up"',
  },
  { name: 'WHATSAPP_ACCESS_TOKEN', without: 'WhatsApp replies fail as "WhatsApp Cloud API is not set up"' },
  {
    name: 'WHATSAPP_APP_SECRET',
    without: 'WhatsApp messages and statuses are not taken (Meta delivers them again later)',
  },
  { name: 'WHATSAPP_VERIFY_TOKEN', without: 'Meta’s webhook handshake is refused' },
  {
    name: 'WHATSAPP_TEMPLATE_TICKET_UPDATE',
    without: 'a WhatsApp reply after the customer’s 24-hour window fails instead of sending the template',
  },
  {
    name: 'FORWARDER_SECRET',
    without:
      'the site cannot vouch for its visitors’ addresses: its form posts share the rate limits of its own address',
  },
]

const described = new Map(SETTINGS.map((setting) => [setting.name, setting.without]))

/** A setting a function cannot do its job without is not set. */
export class MissingSetting extends Error {
  constructor(readonly setting: string) {
    super(`${setting} is not set${described.has(setting) ? `: ${described.get(setting)}` : ''}`)
  }
}

/** The setting's value; MissingSetting (503 `not_configured`) when it is unset or empty. */
export function setting(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new MissingSetting(name)
  return value
}

/** The settings that are unset (or unusable, with why), by name; never a value. */
export function missingSettings(): { name: string; without: string; problem: string }[] {
  const missing: { name: string; without: string; problem: string }[] = []
  for (const { name, without } of SETTINGS) {
    const value = Deno.env.get(name) ?? ''
    if (!value) {
      missing.push({ name, without, problem: 'not set' })
      continue
    }
    if (name === 'FORWARDER_SECRET') {
      const problem = forwarderSecretProblem({
        production: true,
        supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
        forwarderSecret: value,
      })
      if (problem) missing.push({ name, without, problem })
    }
  }
  return missing
}
