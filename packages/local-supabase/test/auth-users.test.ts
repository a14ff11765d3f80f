// The user and admin endpoints and user rows (src/auth/account.ts, admin.ts, users.ts).
import { describe, expect, it } from 'vitest'
import { admin, client, keys, latestMail, linkFrom, signedIn, sql, uniqueEmail, urls } from './helpers.js'

describe('triggers on auth.users', () => {
  it('a non-SECURITY DEFINER trigger writing public.* fails as in production', async () => {
    const { error } = await client().auth.signUp({ email: uniqueEmail('invoker'), password: 'password123' })
    expect(error?.status).toBe(500)
    expect(error?.message).toBe('Database error saving new user')
  })

  it('a SECURITY DEFINER trigger works', async () => {
    const email = uniqueEmail('definer')
    const { data, error } = await client().auth.signUp({ email, password: 'password123' })
    expect(error).toBeNull()
    const rows = await sql('select email from public.profiles where id = $1', [data.user?.id])
    expect(rows).toEqual([{ email }])
  })
})

describe('user and admin endpoints', () => {
  it('GET/PUT /user, metadata merge, same_password and weak_password', async () => {
    const { supabase } = await signedIn('update')
    const updated = await supabase.auth.updateUser({ data: { plan: 'gold', keep: 1 } })
    expect(updated.data.user?.user_metadata).toMatchObject({ plan: 'gold', keep: 1 })
    const removed = await supabase.auth.updateUser({ data: { plan: null } })
    expect(removed.data.user?.user_metadata.plan).toBeUndefined()
    const same = await supabase.auth.updateUser({ password: 'password123' })
    expect(same.error?.code).toBe('same_password')
    const weak = await supabase.auth.updateUser({ password: 'abc' })
    expect(weak.error?.code).toBe('weak_password')
    expect((await supabase.auth.getUser()).data.user?.user_metadata.keep).toBe(1)
  })

  it('getClaims verifies the ES256 token with JWKS', async () => {
    const { supabase, id } = await signedIn('claims')
    const { data, error } = await supabase.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(id)
    const jwks = await fetch(`${urls.auth}/.well-known/jwks.json`, { headers: { apikey: keys.anonKey } })
    const body = (await jwks.json()) as { keys: Record<string, unknown>[] }
    expect(body.keys[0]).toMatchObject({ kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90', alg: 'ES256' })
    expect(body.keys[0]).not.toHaveProperty('d')
  })

  it('admin: create, list, get, update, generate_link, invite, delete; non-admins get not_admin', async () => {
    const api = admin().auth.admin
    const email = uniqueEmail('admin')
    const created = await api.createUser({
      email,
      password: 'password123',
      email_confirm: true,
      app_metadata: { role: 'staff' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user?.id as string
    expect((await api.createUser({ email, password: 'password123' })).error?.code).toBe('email_exists')
    expect((await api.getUserById(id)).data.user?.email).toBe(email)
    const list = await api.listUsers({ page: 1, perPage: 1000 })
    expect(list.data.users.some((u) => u.id === id)).toBe(true)
    const updated = await api.updateUserById(id, { user_metadata: { name: 'N' } })
    expect(updated.data.user?.user_metadata.name).toBe('N')
    const link = await api.generateLink({ type: 'magiclink', email })
    expect(link.data.properties?.action_link).toContain('type=magiclink')
    const verified = await client().auth.verifyOtp({
      type: 'magiclink',
      token_hash: link.data.properties?.hashed_token as string,
    })
    expect(verified.data.session).toBeTruthy()
    const invitee = uniqueEmail('invite')
    const invited = await api.inviteUserByEmail(invitee)
    expect(invited.data.user?.invited_at).toBeTruthy()
    expect(linkFrom(await latestMail(invitee)).searchParams.get('type')).toBe('invite')
    expect((await api.deleteUser(id)).error).toBeNull()
    expect((await api.getUserById(id)).error?.status).toBe(404)
    const notAdmin = await client().auth.admin.listUsers()
    expect(notAdmin.error?.status).toBe(403)
  })

  it('settings and health', async () => {
    const settings = await fetch(`${urls.auth}/settings`, { headers: { apikey: keys.anonKey } })
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false },
      mailer_autoconfirm: false,
    })
    const health = await fetch(`${urls.auth}/health`, { headers: { apikey: keys.anonKey } })
    expect(await health.json()).toMatchObject({ name: 'GoTrue' })
  })
})

describe('user_metadata as GoTrue keeps it', () => {
  it('admin create, admin update and generate_link keep exactly the metadata given', async () => {
    const api = admin().auth.admin
    const meta = { profile_image: 'https://avatars.example.com/1.png', plan: 'gold' }
    const created = await api.createUser({
      email: uniqueEmail('meta'),
      password: 'password123',
      user_metadata: meta,
    })
    expect(created.data.user?.user_metadata).toEqual(meta)
    const bare = await api.createUser({
      email: uniqueEmail('meta'),
      password: 'password123',
      user_metadata: {},
    })
    const id = bare.data.user?.id as string
    const updated = await api.updateUserById(id, { user_metadata: { favorite_color: 'yellow' } })
    expect(updated.data.user?.user_metadata).toEqual({ favorite_color: 'yellow' })
    const link = await api.generateLink({
      type: 'signup',
      email: uniqueEmail('meta'),
      password: 'password123',
      options: { data: { status: 'alpha' } },
    })
    expect(link.data.user?.user_metadata).toEqual({ status: 'alpha' })
  })

  it('sign-up makes the email identity data the metadata, with the data given', async () => {
    const email = uniqueEmail('meta-signup')
    const { data } = await client().auth.signUp({
      email,
      password: 'password123',
      options: { data: { a: 1 } },
    })
    expect(data.user?.user_metadata).toMatchObject({ sub: data.user?.id, email, a: 1, email_verified: false })
  })

  it('list users: a page Go cannot read as an unsigned number is 400 validation_failed', async () => {
    const { data, error } = await admin().auth.admin.listUsers({ page: -1, perPage: 10 })
    expect(data.users).toEqual([])
    expect([error?.status, error?.code, error?.message]).toEqual([
      400,
      'validation_failed',
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    ])
  })
})
