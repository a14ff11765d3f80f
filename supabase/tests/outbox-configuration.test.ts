// Nothing fails for want of configuration (issue 44, part 1): a hosted database whose Vault lacks
// project_url and outbox_worker_secret still takes new tickets; the nudge calls nothing, records a
// warning by name, and the mail waits in the outbox until the secrets exist.
//
// The embedded PostgreSQL plays the hosted database with hosted-stubs.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomer, serviceClient, sql, withPg } from './helpers'
import { installHostedStubs, removeHostedStubs } from './hosted-stubs'

const PROJECT_URL = 'https://abcdefghijklmnopqrst.supabase.co'
const WORKER_SECRET = 'worker-secret-from-vault'

/**
 * The function as 20261125000400_outbox_schedule.sql defined it before this fix (kept here: the
 * migrations may be squashed into one baseline), run once to show the same setup failed then.
 */
const OLD_CALL_OUTBOX_WORKER = `
  create or replace function private.call_outbox_worker() returns void
  language sql volatile security definer set search_path = ''
  as $body$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
             || '/functions/v1/outbox-worker',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'X-Worker-Secret', (select decrypted_secret from vault.decrypted_secrets where name = 'outbox_worker_secret')
      ),
      body := '{}'::jsonb
    );
  $body$
`

async function requests() {
  return sql<{ url: string; headers: Record<string, string> }>(
    'select url, headers from net.http_request_queue order by id',
  )
}

async function warnings() {
  return sql<{ name: string; detail: string; seen: number }>(
    'select name, detail, seen from private.configuration_warnings order by name',
  )
}

async function customerTicket(summary: string) {
  const customer = await newCustomer('vault-missing')
  const { data } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary, details: 'Nothing prints since this morning.' })
    .select('id')
    .single()
    .throwOnError()
  return { customer, ticket: data }
}

beforeAll(installHostedStubs)
afterAll(removeHostedStubs)

describe('a hosted database without the Vault secrets', () => {
  it('the nudge as it was (a NULL url to net.http_post) made a new ticket fail', async () => {
    const customer = await newCustomer('vault-old')
    const failure = await withPg(async (db) => {
      await db.query('begin')
      try {
        await db.query(OLD_CALL_OUTBOX_WORKER)
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: customer.id, role: 'authenticated', aal: 'aal1' }),
        ])
        await db.query('set local role authenticated')
        await db.query(
          `insert into public.tickets (created_by_user_id, summary, details) values ($1, 'Old nudge', 'Details here.')`,
          [customer.id],
        )
        return null
      } catch (caught) {
        return caught as { code?: string; column?: string }
      } finally {
        await db.query('rollback')
      }
    })
    expect(failure).toMatchObject({ code: '23502', column: 'url' })
  })

  it('a new ticket is created, its mail waits in the outbox, nothing is called, and the warning names both secrets', async () => {
    const { customer, ticket } = await customerTicket(`Printer offline ${Date.now()}`)
    const outbox = await sql<{ recipient: string }>(
      'select recipient from private.notification_outbox where ticket_id = $1',
      [ticket.id],
    )
    expect(outbox.map((row) => row.recipient)).toContain(customer.email)
    expect(await requests()).toEqual([])
    const found = await warnings()
    expect(found.map((row) => row.name)).toEqual(['vault:outbox_worker_secret', 'vault:project_url'])
    expect(found[1]?.detail).toContain(
      "vault.create_secret('https://<project-ref>.supabase.co', 'project_url')",
    )

    // What pg_cron runs every 10 seconds succeeds too, and counts the sighting.
    await sql('select private.call_outbox_worker()')
    const after = await warnings()
    expect(after.map((row) => row.seen)).toEqual(found.map((row) => row.seen + 1))

    // The service role (npm run doctor) reads the same, without any secret's value.
    const { data, error } = await serviceClient().rpc('configuration_status', { p_project_url: PROJECT_URL })
    expect(error).toBeNull()
    expect(data).toMatchObject({
      vault: true,
      outbox_nudge_trigger: true,
      secrets: { project_url: false, outbox_worker_secret: false },
      project_url_matches: null,
      warnings: [{ name: 'vault:outbox_worker_secret' }, { name: 'vault:project_url' }],
    })
  })

  it('only project_url missing still calls nothing', async () => {
    await sql(`insert into vault.decrypted_secrets values ('outbox_worker_secret', $1)`, [WORKER_SECRET])
    try {
      await customerTicket(`Scanner offline ${Date.now()}`)
      expect(await requests()).toEqual([])
      expect((await warnings()).map((row) => row.name)).toEqual(['vault:project_url'])
    } finally {
      await sql(`delete from vault.decrypted_secrets`)
    }
  })

  it('once both secrets exist, the next ticket calls the worker with the URL and its secret, and the warnings go', async () => {
    await sql(
      `insert into vault.decrypted_secrets values ('project_url', $1 || '/'), ('outbox_worker_secret', $2)`,
      [PROJECT_URL, WORKER_SECRET],
    )
    await customerTicket(`Router offline ${Date.now()}`)
    // One call per statement that wrote the outbox (the requester's mail, the staff alerts).
    const sent = await requests()
    expect(sent.length).toBeGreaterThan(0)
    const call = {
      url: `${PROJECT_URL}/functions/v1/outbox-worker`,
      headers: { 'Content-Type': 'application/json', 'X-Worker-Secret': WORKER_SECRET },
    }
    expect(sent).toEqual(sent.map(() => call))
    expect(await warnings()).toEqual([])

    const { data } = await serviceClient().rpc('configuration_status', { p_project_url: PROJECT_URL })
    expect(data).toMatchObject({
      secrets: { project_url: true, outbox_worker_secret: true },
      project_url_matches: true,
    })
    expect(JSON.stringify(data)).not.toContain(WORKER_SECRET)
  })

  it('configuration_status is for the service role only', async () => {
    const customer = await newCustomer('vault-status')
    const { error } = await customer.supabase.rpc('configuration_status', {})
    expect(error?.code).toBe('42501')
  })
})
