// Staff and company administration in the database (issue 46, part 3), end to end on the local
// stack: a new user at a company's email domain joins the company and its admins get an email (the
// outbox worker sends it to the mailbox); a deactivated staff member cannot sign in and loses staff
// powers at once, with the same token; reactivation; the self and last-admin guards.
import { beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from './functions-helpers'
import {
  anonClient,
  asCaller,
  DEMO,
  DEMO_PASSWORD,
  type SignedInUser,
  serviceClient,
  signIn,
  signInAs,
  sql,
  uniqueEmail,
} from './helpers'

const service = serviceClient()
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function createUser(email: string, confirmed = true): Promise<string> {
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: confirmed,
  })
  if (error) throw error
  return data.user.id
}

const membership = (companyId: string, userId: string) =>
  sql<{ role: string }>('select role from public.company_members where company_id = $1 and user_id = $2', [
    companyId,
    userId,
  ])

describe('joining a company by its email domain', () => {
  const domain = `join-${run}.example`
  const ownerEmail = uniqueEmail('join-owner')
  let companyId: string

  beforeAll(async () => {
    const owner = await createUser(ownerEmail)
    const [company] = await sql<{ id: string }>(
      'insert into public.companies (name) values ($1) returning id',
      [`Domain Join ${run}`],
    )
    companyId = (company as { id: string }).id
    await sql(
      `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'company_admin')`,
      [companyId, owner],
    )
    await sql('insert into public.company_domains (domain, company_id) values ($1, $2)', [domain, companyId])
  })

  it('a confirmed new user at the domain joins as a member, and the company admin is emailed', async () => {
    const email = `Nomsa.${run}@${domain.toUpperCase()}`
    const id = await createUser(email)
    expect(await membership(companyId, id)).toEqual([{ role: 'member' }])
    const [mail] = await mailsTo(ownerEmail, 'joined', 15_000)
    expect(mail?.Subject).toBe(`nomsa.${run} joined Domain Join ${run} on the Siyakha Tech portal`)
    expect(mail?.Text).toContain(`(${email.toLowerCase()}) signed up with your company's email domain`)
    const log = await sql<{ actor_name: string }>(
      `select actor_name from public.admin_log where table_name = 'company_members' and row_key = $1`,
      [`${companyId}:${id}`],
    )
    expect(log).toEqual([{ actor_name: 'System' }])
  })

  it('an address nobody has confirmed joins nothing until Auth confirms it', async () => {
    const email = `unconfirmed.${run}@${domain}`
    const { data, error } = await anonClient().auth.signUp({ email, password: DEMO_PASSWORD })
    expect(error).toBeNull()
    const id = data.user?.id as string
    expect(await membership(companyId, id)).toEqual([])
    const { error: confirmError } = await service.auth.admin.updateUserById(id, { email_confirm: true })
    expect(confirmError).toBeNull()
    expect(await membership(companyId, id)).toEqual([{ role: 'member' }])
  })

  it('an address at another domain joins nothing', async () => {
    const id = await createUser(`someone.${run}@elsewhere-${run}.example`)
    expect(await sql('select 1 from public.company_members where user_id = $1', [id])).toEqual([])
  })
})

describe('deactivating staff', () => {
  let admin: SignedInUser
  beforeAll(async () => {
    admin = await signInAs('providerAdmin')
  })

  /** A fresh agent, signed in, with an open ticket assigned to them. */
  async function agentWithTicket() {
    const email = uniqueEmail('leaving-agent')
    const id = await createUser(email)
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'agent')`, [id])
    const [ticket] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, summary, status, assigned_to)
       values ($1, 'Deactivation test', 'open', $2) returning id`,
      [DEMO.thabo.id, id],
    )
    return { id, email, ticketId: (ticket as { id: string }).id, session: await signIn(email) }
  }

  it('takes staff powers away at once (same token), refuses sign-in, and reactivation restores both', async () => {
    const agent = await agentWithTicket()
    const before = await agent.session.supabase.from('tickets').select('id').eq('id', agent.ticketId)
    expect(before.data).toEqual([{ id: agent.ticketId }])

    const { data: open, error } = await admin.supabase.rpc('deactivate_staff', { member: agent.id })
    expect(error).toBeNull()
    expect(open).toBe(1)

    const after = await agent.session.supabase.from('tickets').select('id').eq('id', agent.ticketId)
    expect(after.data).toEqual([])
    const { data: state } = await agent.session.supabase.rpc('staff_two_factor_state').single()
    expect(state).toMatchObject({ staff_member: false, staff_access: false })
    const signInAgain = await anonClient().auth.signInWithPassword({
      email: agent.email,
      password: DEMO_PASSWORD,
    })
    expect(signInAgain.error?.code).toBe('user_banned')
    const refresh = await agent.session.supabase.auth.refreshSession()
    expect(refresh.error).not.toBeNull()

    // History kept: the ticket still names them; the directory lists them as deactivated.
    const [ticket] = await sql<{ assignee_name: string }>(
      'select assignee_name from public.tickets where id = $1',
      [agent.ticketId],
    )
    expect(ticket?.assignee_name).toBe(agent.email.split('@')[0])
    const { data: directory } = await admin.supabase.rpc('staff_directory')
    expect(directory?.find((row) => row.id === agent.id)).toMatchObject({
      active: false,
      role: 'agent',
      open_tickets: 1,
    })

    // Their open tickets go to another agent in one call.
    const moved = await admin.supabase.rpc('reassign_open_tickets', {
      from_member: agent.id,
      to_member: DEMO.agent.id,
    })
    expect(moved.error).toBeNull()
    expect(moved.data).toBe(1)
    const [reassigned] = await sql<{ assigned_to: string }>(
      'select assigned_to from public.tickets where id = $1',
      [agent.ticketId],
    )
    expect(reassigned?.assigned_to).toBe(DEMO.agent.id)

    const back = await admin.supabase.rpc('reactivate_staff', { member: agent.id })
    expect(back.error).toBeNull()
    const again = await signIn(agent.email)
    const { data: powers } = await again.supabase.rpc('staff_two_factor_state').single()
    expect(powers).toMatchObject({ staff_member: true, staff_access: true })

    const log = await sql<{ table_name: string; action: string; actor_id: string }>(
      `select table_name, action, actor_id from public.admin_log
       where row_key in ($1, $2) and table_name in ('deactivated_staff', 'user_roles') order by id`,
      [agent.id, `${agent.id}:agent`],
    )
    expect(log.map((row) => `${row.table_name}:${row.action}`)).toEqual([
      'user_roles:insert',
      'deactivated_staff:insert',
      'user_roles:delete',
      'deactivated_staff:delete',
      'user_roles:insert',
    ])
    expect(log.slice(1).every((row) => row.actor_id === DEMO.providerAdmin.id)).toBe(true)
  })

  it('a role changes agent ⇄ admin; reassigning to someone who is not staff is refused', async () => {
    const agent = await agentWithTicket()
    const promote = await admin.supabase.rpc('set_staff_role', {
      member: agent.id,
      new_role: 'siyakha_admin',
    })
    expect(promote.error).toBeNull()
    expect(await sql('select role from public.user_roles where user_id = $1', [agent.id])).toEqual([
      { role: 'siyakha_admin' },
    ])
    const demote = await admin.supabase.rpc('set_staff_role', { member: agent.id, new_role: 'agent' })
    expect(demote.error).toBeNull()
    expect(await sql('select role from public.user_roles where user_id = $1', [agent.id])).toEqual([
      { role: 'agent' },
    ])
    const toCustomer = await admin.supabase.rpc('reassign_open_tickets', {
      from_member: agent.id,
      to_member: DEMO.thabo.id,
    })
    expect(toCustomer.error).not.toBeNull()
    const [ticket] = await sql<{ assigned_to: string }>(
      'select assigned_to from public.tickets where id = $1',
      [agent.ticketId],
    )
    expect(ticket?.assigned_to).toBe(agent.id)
  })

  it('refuses deactivating or demoting yourself', async () => {
    // Another admin exists, so the refusal is about the caller, not about the last admin.
    const other = await createUser(uniqueEmail('second-admin'))
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'siyakha_admin')`, [other])
    const self = await admin.supabase.rpc('deactivate_staff', { member: DEMO.providerAdmin.id })
    expect(self.error?.message).toBe('You cannot deactivate yourself: ask another admin')
    const demote = await admin.supabase.rpc('set_staff_role', {
      member: DEMO.providerAdmin.id,
      new_role: 'agent',
    })
    expect(demote.error?.message).toBe('You cannot change your own role: ask another admin')
    expect(
      await sql('select role from public.user_roles where user_id = $1', [DEMO.providerAdmin.id]),
    ).toEqual([{ role: 'siyakha_admin' }])
    await sql('delete from public.user_roles where user_id = $1', [other])
  })

  it('refuses taking the role of the last provider admin', async () => {
    // In a transaction rolled back: the seeded admin is the only one left.
    const answer = await asCaller(
      { sub: DEMO.providerAdmin.id, role: 'authenticated', aal: 'aal1' },
      async (db) => {
        await db.query('savepoint s')
        const outcomes: string[] = []
        for (const statement of [
          `select public.set_staff_role('${DEMO.providerAdmin.id}', 'agent')`,
          `select public.deactivate_staff('${DEMO.providerAdmin.id}')`,
        ]) {
          try {
            await db.query(statement)
            outcomes.push('done')
          } catch (error) {
            outcomes.push((error as Error).message)
          }
          await db.query('rollback to savepoint s')
        }
        return outcomes
      },
      (db) =>
        db.query(`delete from public.user_roles where role = 'siyakha_admin' and user_id <> $1`, [
          DEMO.providerAdmin.id,
        ]),
    )
    expect(answer).toEqual([
      'This is the last provider admin: make someone else an admin first',
      'This is the last provider admin: make someone else an admin first',
    ])
  })
})
