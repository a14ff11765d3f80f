import { createServerClient } from '@supabase/ssr'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import ws from 'ws'
import { testClientOptions } from '../src/testing.js'

export const stack = inject('stack')
export const { urls, keys } = stack

type Options = NonNullable<Parameters<typeof createClient>[2]>

/** The one place clients are built (see testClientOptions). */
export function client(key = keys.anonKey, options: Options = {}) {
  const base = testClientOptions()
  return createClient(urls.api, key, { ...options, ...base, auth: { ...base.auth, ...options.auth } })
}

export const admin = () => client(keys.serviceRoleKey)

export interface CookieJar {
  cookies: Map<string, { value: string; options: Record<string, unknown> }>
}

export function serverClient(jar: CookieJar, cookieOptions?: Record<string, unknown>) {
  return createServerClient(urls.api, keys.anonKey, {
    cookies: {
      getAll: () => [...jar.cookies].map(([name, { value }]) => ({ name, value })),
      setAll: (list: { name: string; value: string; options?: Record<string, unknown> }[]) => {
        for (const { name, value, options } of list) {
          if (options?.maxAge === 0) jar.cookies.delete(name)
          else jar.cookies.set(name, { value, options: options ?? {} })
        }
      },
    },
    cookieOptions,
    realtime: { transport: ws as never },
  } as never)
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const db = new pg.Client({ connectionString: urls.db })
  await db.connect()
  try {
    return (await db.query<T>(text, params)).rows
  } finally {
    await db.end()
  }
}

interface MailSummary {
  ID: string
  Subject: string
  To: { Address: string }[]
}

export async function latestMail(
  to: string,
  timeoutMs = 5000,
): Promise<{ ID: string; Subject: string; Text: string; HTML: string }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${urls.mailbox}/api/v1/messages?to=${encodeURIComponent(to)}`)
    const list = (await res.json()) as { messages: MailSummary[] }
    const first = list.messages[0]
    if (first) return (await (await fetch(`${urls.mailbox}/api/v1/message/${first.ID}`)).json()) as never
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export function linkFrom(mail: { Text: string }): URL {
  const match = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text)
  if (!match) throw new Error(`no verify link in: ${mail.Text}`)
  return new URL(match[1] as string)
}

export async function confirmedUser(password = 'password123', prefix = 'user') {
  const email = uniqueEmail(prefix)
  const { data, error } = await admin().auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  return { email, password, id: data.user.id }
}

export async function signedIn(prefix = 'user') {
  const user = await confirmedUser('password123', prefix)
  const supabase = client()
  const { data, error } = await supabase.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  })
  if (error) throw error
  return { ...user, supabase, session: data.session }
}
