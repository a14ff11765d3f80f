import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import type { Logger } from '../lib/log.js'
import { PASSWORD_HASH_COST } from './account-privacy.js'
import { dbSaveFailed, emailExists } from './errors.js'
import { type FactorRow, factorJson, factorsOf } from './mfa-store.js'

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
  reauthentication_token: string | null
  reauthentication_sent_at: Date | null
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

/**
 * GoTrue's User JSON: an optional timestamp appears only when it is set, as GoTrue omits it;
 * `factors` only when the user has one (auth-js reads the AAL's next level from it).
 */
export function userJson(
  user: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[] = [],
): Record<string, unknown> {
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
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
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

/** A user row as GoTrue answers it, with its identities and factors loaded. */
export async function userJsonOf(db: pg.ClientBase, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await identitiesOf(db, user.id), await factorsOf(db, user.id))
}

export async function loadUserJson(db: pg.ClientBase, id: string): Promise<Record<string, unknown>> {
  const user = await findUserById(db, id)
  if (!user) throw new Error(`user ${id} vanished`)
  return userJsonOf(db, user)
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now()
}

export async function hashPassword(password: string): Promise<string> {
  // GoTrue (Go's bcrypt) writes the $2a$ prefix; the algorithm is identical.
  return (await bcrypt.hash(password, PASSWORD_HASH_COST)).replace(/^\$2b\$/, '$2a$')
}

export interface NewUser {
  id?: string
  email: string
  password?: string
  userMeta: Record<string, unknown>
  appMeta?: Record<string, unknown>
  confirmed: boolean
  role?: string
  /**
   * Sign-up (GoTrue's RemoveUnconfirmedIdentities) makes the user's metadata the email identity's
   * data (sub, email, email_verified, phone_verified and the given data); admin-created and
   * invited users keep exactly the metadata given.
   */
  metaFromIdentity?: boolean
}

/** A user and its email identity, as GoTrue writes them; inside the caller's transaction. */
export async function insertUser(db: pg.ClientBase, log: Logger, fields: NewUser): Promise<UserRow> {
  const id = fields.id ?? crypto.randomUUID()
  const identityData = {
    sub: id,
    email: fields.email,
    email_verified: false,
    phone_verified: false,
    ...fields.userMeta,
  }
  const appMeta = { provider: 'email', providers: ['email'], ...(fields.appMeta ?? {}) }
  const password = await hashPassword(fields.password ?? randomBytes(24).toString('hex'))
  try {
    await db.query('savepoint insert_user')
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
         confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current, reauthentication_token,
         phone_change, phone_change_token, created_at, updated_at, is_anonymous, is_sso_user)
       values ($1, $2, 'authenticated', $3, $4, $5, $6, $7, $8, '', '', '', '', '', '', '', '', now(), now(), false, false) returning *`,
      [
        INSTANCE_ID,
        id,
        fields.role ?? 'authenticated',
        fields.email,
        password,
        fields.confirmed ? new Date() : null,
        JSON.stringify(appMeta),
        JSON.stringify(fields.metaFromIdentity ? identityData : fields.userMeta),
      ],
    )
    await db.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'email', now(), now(), now())`,
      [crypto.randomUUID(), id, id, JSON.stringify(identityData)],
    )
    await db.query('release savepoint insert_user')
    return rows[0] as UserRow
  } catch (error) {
    // A database error here is usually a project's trigger on auth.users failing.
    if (error instanceof pg.DatabaseError) {
      if (error.code === '23505' && error.constraint === 'users_email_partial_key') throw emailExists()
      log.warn(`auth.users insert failed (a trigger on auth.users?): ${error.message}`)
      throw dbSaveFailed()
    }
    throw error
  }
}

export async function markEmailVerified(db: pg.ClientBase, user: UserRow): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1 returning *`,
    [user.id],
  )
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
    [user.id],
  )
  return rows[0] as UserRow
}
