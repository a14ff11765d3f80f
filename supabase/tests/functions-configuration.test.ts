// Nothing fails for want of configuration (issue 44, part 1): a function secret a hosted project has
// not set yet is named by the health function and answered as 503 `not_configured` (the provider
// delivers again, the outbox waits), never a bare 500 or a customer's mail failed for good.
//
// A second stack of the same project, started by this file, lacks SMTP, the inbound-mail webhook's
// secret and the Meta app secret (functionsEnv blanks them, as an unset secret reads); the suite's
// own stack has everything and serves as the configured case.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunningStack } from '@siyakha/local-supabase'
import { startTestStack, testClientOptions } from '@siyakha/local-supabase/testing'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportRequest } from './functions-helpers'
import { DEMO_PASSWORD, uniqueEmail, urls } from './helpers'

const WORKER_SECRET = 'unconfigured-stack-worker-secret'
const REMOVED = ['SMTP_HOST', 'RESEND_WEBHOOK_SECRET', 'WHATSAPP_APP_SECRET'] as const

let stack: RunningStack
let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  const started = await startTestStack({
    rootDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    name: 'siyakha-unconfigured-test',
    ports: { first: 56500, blocks: 300 },
    functionsEnv: {
      OUTBOX_WORKER_SECRET: WORKER_SECRET,
      ...Object.fromEntries(REMOVED.map((name) => [name, ''])),
    },
  })
  stack = started.stack
  stop = started.stop
}, 120_000)

afterAll(async () => {
  await stop?.()
})

async function health(functionsUrl: string) {
  const answer = await fetch(`${functionsUrl}/health`)
  expect(answer.status).toBe(200)
  return (await answer.json()) as {
    status: string
    missing: { name: string; without: string; problem: string }[]
  }
}

async function outboxOf(ticketId: string) {
  const db = new pg.Client({ connectionString: stack.urls.db })
  await db.connect()
  try {
    const { rows } = await db.query<{ state: string; attempts: number; last_error: string | null }>(
      'select state, attempts, last_error from private.notification_outbox where ticket_id = $1',
      [ticketId],
    )
    return rows
  } finally {
    await db.end()
  }
}

describe('function secrets a hosted project has not set', () => {
  it('the health path names each missing one and what goes without it, and no value', async () => {
    const answer = await health(stack.urls.functions)
    expect(answer.status).toBe('degraded')
    expect(answer.missing.map((item) => item.name)).toEqual([...REMOVED])
    expect(answer.missing[0]).toEqual({
      name: 'SMTP_HOST',
      problem: 'not set',
      without: expect.stringContaining('ticket mail waits in the outbox'),
    })
    expect(JSON.stringify(answer)).not.toContain(WORKER_SECRET)
  })

  it('the fully configured stack is ok', async () => {
    expect(await health(urls.functions)).toEqual({ status: 'ok', missing: [] })
  })

  it('a customer’s new ticket is saved and its mail waits in the outbox instead of failing for good', async () => {
    const email = uniqueEmail('unconfigured')
    const admin = createClient(stack.urls.api, stack.keys.serviceRoleKey, testClientOptions())
    const created = await admin.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true })
    if (created.error) throw created.error
    const customer = createClient(stack.urls.api, stack.keys.anonKey, testClientOptions())
    const signedIn = await customer.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
    if (signedIn.error) throw signedIn.error
    const { data: ticket } = await customer
      .from('tickets')
      .insert({
        created_by_user_id: signedIn.data.user.id,
        summary: 'Printer jams',
        details: 'Every second page.',
      })
      .select('id')
      .single()
      .throwOnError()

    // What the schedule does: call the worker. It claims nothing and says what is missing.
    const run = await fetch(`${stack.urls.functions}/outbox-worker`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Worker-Secret': WORKER_SECRET },
      body: '{}',
    })
    expect(run.status).toBe(503)
    expect(await run.json()).toMatchObject({ error: 'not_configured', setting: 'SMTP_HOST' })
    const rows = await outboxOf(ticket.id)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows).toEqual(rows.map(() => ({ state: 'pending', attempts: 0, last_error: null })))
  })

  it('a visitor’s /log-it request is stored and answered with its reference, its acknowledgement skipped', async () => {
    const answer = await fetch(`${stack.urls.functions}/log-support-call`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(supportRequest()),
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      reference: expect.stringMatching(/^TCK-[A-Z0-9]{6}$/),
      request_reference: expect.stringMatching(/^SR-[A-Z0-9]{6}$/),
    })
  })

  it('the inbound-mail webhook answers 503 naming its secret, so Resend delivers again later', async () => {
    const answer = await fetch(`${stack.urls.functions}/inbound-email`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'svix-id': 'msg_1',
        'svix-timestamp': String(Math.floor(Date.now() / 1000)),
        'svix-signature': 'v1,AAAA',
      },
      body: JSON.stringify({ type: 'email.received', data: { email_id: 'e1' } }),
    })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('300')
    expect(await answer.json()).toMatchObject({ error: 'not_configured', setting: 'RESEND_WEBHOOK_SECRET' })
  })

  it('the WhatsApp webhook answers 503 naming the app secret, so Meta delivers again later', async () => {
    const answer = await fetch(`${stack.urls.functions}/whatsapp-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    })
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ error: 'not_configured', setting: 'WHATSAPP_APP_SECRET' })
  })
})
