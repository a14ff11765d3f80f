// Small helpers for the edge function tests: clients, throwaway users, function calls, the mailbox.
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import type { SupabaseClient } from '@supabase/supabase-js'
import { client, keys, urls } from './helpers'

export { urls }

export const service = () => client(keys.serviceRoleKey)

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** Where the functions send their notifications (SUPPORT_INBOX in supabase/functions/.env.example). */
export const SUPPORT_INBOX = 'support@siyakha.example'

/** A valid support request (the /log-it form's payload), with a fresh requester address. */
export function supportRequest(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Thandi Mokoena',
    contact_number: '011 000 0000',
    whatsapp_number: '+27 82 000 0000',
    email: uniqueEmail('support'),
    category: 'Network Issue',
    description: 'The office Wi-Fi drops every afternoon around three.',
    preferred_channel: 'email',
    ...overrides,
  }
}

/** A valid quote request (the home quote form's payload), with a fresh requester address. */
export function quoteRequest(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Pieter van Wyk',
    company: 'Van Wyk Logistics',
    email: uniqueEmail('quote'),
    phone: '+27 11 000 0000',
    service: 'cloud-and-edge-solutions',
    message: 'We want to move our file server and backups to the cloud.',
    ...overrides,
  }
}

/**
 * A distinct client address per test, so the per-address rate limits never leak between tests.
 * Calls vouch for it the way the site's server does (the forwarder secret), since every test
 * request really comes from 127.0.0.1.
 */
export function uniqueIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1
  return `10.${octet()}.${octet()}.${octet()}`
}

export interface SignedIn {
  id: string
  email: string
  supabase: SupabaseClient
  token: string
}

export async function signIn(email: string, password: string): Promise<SignedIn> {
  const supabase = client()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { id: data.user.id, email, supabase, token: data.session.access_token }
}

/** A confirmed throwaway user, signed in. */
export async function newUser(prefix = 'user'): Promise<SignedIn> {
  const email = uniqueEmail(prefix)
  const { error } = await service().auth.admin.createUser({
    email,
    password: 'Password123!',
    email_confirm: true,
  })
  if (error) throw error
  return signIn(email, 'Password123!')
}

/** The seeded provider admin; if the seed lacks it, a throwaway user given the role. */
export async function providerAdmin(): Promise<SignedIn> {
  try {
    return await signIn('admin@siyakha.example', 'Password123!')
  } catch {
    const user = await newUser('provider-admin')
    const { error } = await service().from('user_roles').insert({ user_id: user.id, role: 'siyakha_admin' })
    if (error) throw error
    return user
  }
}

export interface CallOptions {
  method?: string
  body?: unknown
  /** Raw body text (e.g. broken JSON); wins over `body`. */
  raw?: string
  /** The visitor address to vouch for (default: a fresh one); null sends no vouched address. */
  ip?: string | null
  token?: string
  path?: string
  headers?: Record<string, string>
}

/** Calls `/functions/v1/<name><path>` the way supabase-js does (apikey + bearer). */
export async function callFunction(name: string, options: CallOptions = {}) {
  const method = options.method ?? (options.body === undefined && options.raw === undefined ? 'GET' : 'POST')
  const response = await fetch(`${urls.functions}/${name}${options.path ?? ''}`, {
    method,
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${options.token ?? keys.anonKey}`,
      'Content-Type': 'application/json',
      ...(options.ip === null
        ? {}
        : {
            [VISITOR_ADDRESS_HEADER]: options.ip ?? uniqueIp(),
            [FORWARDER_SECRET_HEADER]: keys.forwarderSecret,
          }),
      ...options.headers,
    },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the function answered
  return { status: response.status, headers: response.headers, body: json as any }
}

export interface Mail {
  ID: string
  Subject: string
  Text: string
  To: { Address: string }[]
  ReplyTo?: { Address: string }[]
}

async function listMail(to: string): Promise<{ ID: string; Subject: string }[]> {
  const res = await fetch(`${urls.mailbox}/api/v1/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: { ID: string; Subject: string }[] }).messages
}

/** The mails to an address whose subject contains `subject`, waiting briefly for the first. */
export async function mailsTo(to: string, subject = '', timeoutMs = 5000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const matching = (await listMail(to)).filter((m) => m.Subject.includes(subject))
    if (matching.length > 0 || Date.now() > deadline) {
      return Promise.all(
        matching.map(
          async (m) => (await (await fetch(`${urls.mailbox}/api/v1/message/${m.ID}`)).json()) as Mail,
        ),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** How many mails an address has right now (no waiting). */
export async function mailCount(to: string, subject = ''): Promise<number> {
  return (await listMail(to)).filter((m) => m.Subject.includes(subject)).length
}
