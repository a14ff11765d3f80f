/* The MFA tables (auth.mfa_factors, auth.mfa_challenges) read and written as GoTrue does. */
import pg from 'pg'
import { AuthError } from './errors.js'

export type FactorType = 'totp' | 'phone' | 'webauthn'

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: FactorType
  status: 'verified' | 'unverified'
  created_at: Date
  updated_at: Date
  secret: string | null
  phone: string | null
  last_challenged_at: Date | null
  web_authn_aaguid: string | null
}

export interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  otp_code: string | null
  same_ip: boolean
}

/**
 * GoTrue's Factor JSON: `friendly_name` is dropped when empty, `phone` is always a string (a Go
 * string type underneath), `last_challenged_at` is null until the first challenge.
 */
export function factorJson(row: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    status: row.status,
    friendly_name: row.friendly_name || undefined,
    factor_type: row.factor_type,
    phone: row.phone ?? '',
    last_challenged_at: row.last_challenged_at ? row.last_challenged_at.toISOString() : null,
    web_authn_aaguid: row.web_authn_aaguid ?? undefined,
  }
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key]
  return out
}

export const nameConflict = (name: string) =>
  new AuthError(
    422,
    'mfa_factor_name_conflict',
    `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
  )

export async function factorsOf(db: pg.ClientBase, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
    [userId],
  )
  return rows
}

export async function findOwnedFactor(
  db: pg.ClientBase,
  userId: string,
  factorId: string,
): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(
    'select * from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, userId],
  )
  return rows[0]
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the expiry. */
export async function deleteExpiredFactors(db: pg.ClientBase, expirySeconds: number): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f where status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and created_at + make_interval(secs => $1) < current_timestamp`,
    [expirySeconds],
  )
}

export async function insertFactor(
  db: pg.ClientBase,
  fields: { userId: string; friendlyName: string; type: FactorType; secret: string | null },
): Promise<FactorRow> {
  try {
    await db.query('savepoint insert_factor')
    const { rows } = await db.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, $4, 'unverified', now(), now(), $5) returning *`,
      [crypto.randomUUID(), fields.userId, fields.friendlyName, fields.type, fields.secret],
    )
    await db.query('release savepoint insert_factor')
    return rows[0] as FactorRow
  } catch (error) {
    // Two enrollments racing for one name: the unique index decides, as in GoTrue.
    if (error instanceof pg.DatabaseError && error.code === '23505') {
      await db.query('rollback to savepoint insert_factor')
      throw nameConflict(fields.friendlyName)
    }
    throw error
  }
}

export async function renameFactor(db: pg.ClientBase, factorId: string, name: string): Promise<FactorRow> {
  try {
    await db.query('savepoint rename_factor')
    const { rows } = await db.query<FactorRow>(
      'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *',
      [factorId, name],
    )
    await db.query('release savepoint rename_factor')
    return rows[0] as FactorRow
  } catch (error) {
    // GoTrue lets the unique index fail as a 500 here; the stand-in answers as enroll does.
    if (error instanceof pg.DatabaseError && error.code === '23505') {
      await db.query('rollback to savepoint rename_factor')
      throw nameConflict(name)
    }
    throw error
  }
}

/**
 * A challenge row, and the factor's `last_challenged_at`. That column is unique in GoTrue's
 * schema, so it takes the wall clock (distinct per call), not the transaction's start time.
 */
export async function insertChallenge(
  db: pg.ClientBase,
  factorId: string,
  ip: string,
): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning id, factor_id, created_at, verified_at, otp_code, true as same_ip`,
    [crypto.randomUUID(), factorId, ip],
  )
  await db.query('update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1', [
    factorId,
  ])
  return rows[0] as ChallengeRow
}

export async function findChallenge(
  db: pg.ClientBase,
  factorId: string,
  challengeId: string,
  ip: string,
): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, otp_code, ip_address = $3::inet as same_ip
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId, ip],
  )
  return rows[0]
}

export async function deleteChallenge(db: pg.ClientBase, challengeId: string): Promise<void> {
  await db.query('delete from auth.mfa_challenges where id = $1', [challengeId])
}

/*
 * Replay guard (GoTrue has none): a verified TOTP challenge keeps the time step its code was
 * for in `otp_code`, a column GoTrue fills only for phone factors, so the same code cannot be
 * spent twice on one factor while it is still inside the skew window.
 */
const stepMark = (step: number) => `totp-step:${step}`

/** Serialises verifications of one factor, so two challenges cannot spend one code at once. */
export async function lockFactor(db: pg.ClientBase, factorId: string): Promise<void> {
  await db.query('select 1 from auth.mfa_factors where id = $1 for update', [factorId])
}

export async function totpStepSpent(db: pg.ClientBase, factorId: string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'select 1 from auth.mfa_challenges where factor_id = $1 and verified_at is not null and otp_code = $2',
    [factorId, stepMark(step)],
  )
  return Boolean(rowCount)
}

export async function markChallengeVerified(
  db: pg.ClientBase,
  challengeId: string,
  step: number,
): Promise<void> {
  await db.query('update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1', [
    challengeId,
    stepMark(step),
  ])
}

export async function markFactorVerified(db: pg.ClientBase, factorId: string): Promise<void> {
  await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
    factorId,
  ])
}

export async function deleteUnverifiedFactors(
  db: pg.ClientBase,
  userId: string,
  type: FactorType,
): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`,
    [userId, type],
  )
}

export async function deleteFactor(db: pg.ClientBase, factorId: string): Promise<void> {
  await db.query('delete from auth.mfa_factors where id = $1', [factorId])
}
