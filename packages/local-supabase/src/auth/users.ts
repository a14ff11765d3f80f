import type pg from 'pg'

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  email_change: string | null
  email_change_sent_at: Date | null
  email_change_confirm_status: number | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined)

export function identityJson(row: IdentityRow): Record<string, unknown> {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  }
}

/** GoTrue's User JSON: optional timestamps only when set (contract §2.3). */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key]
  return out
}

export async function findUserById(db: pg.ClientBase, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id])
  return rows[0]
}

export async function findUserByEmail(db: pg.ClientBase, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where instance_id = $1 and lower(email) = lower($2) and aud = 'authenticated' and is_sso_user = false`,
    [INSTANCE_ID, email],
  )
  return rows[0]
}

export async function identitiesOf(db: pg.ClientBase, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  )
  return rows
}

export async function loadUserJson(db: pg.ClientBase, id: string): Promise<Record<string, unknown>> {
  const user = await findUserById(db, id)
  if (!user) throw new Error(`user ${id} vanished`)
  return userJson(user, await identitiesOf(db, id))
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now()
}
