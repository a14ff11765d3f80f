/*
 * PostgREST's in-database configuration: `alter role authenticator set pgrst.<name> = ...`, read
 * with the schema cache (PostgREST reloads it on the same signal). Only what the stand-in acts on.
 */
import type pg from 'pg'

export interface DbSettings {
  /** `db-tx-end` allows the client's `Prefer: tx=` (commit-allow-override / rollback-allow-override). */
  txOverride: boolean
  /** `db-tx-end` ends every transaction with a rollback unless the client asks to commit. */
  txRollbackAll: boolean
  /** `db-aggregates-enabled`: `count()`, `sum()`… in `select`. Off by default, as on Supabase. */
  aggregates: boolean
  /** `db-plan-enabled`: the `application/vnd.pgrst.plan` media type. */
  plan: boolean
}

export const DEFAULT_DB_SETTINGS: DbSettings = {
  txOverride: false,
  txRollbackAll: false,
  aggregates: false,
  plan: false,
}

export async function loadDbSettings(db: pg.ClientBase): Promise<DbSettings> {
  const { rows } = await db.query<{ key: string; value: string }>(
    `select split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
      where r.rolname = 'authenticator' and c like 'pgrst.%'`,
  )
  const get = (name: string) =>
    rows
      .find((row) => row.key === `pgrst.${name}`)
      ?.value.trim()
      .toLowerCase()
  const txEnd = get('db_tx_end') ?? 'commit'
  const on = (value: string | undefined) => value === 'true' || value === 'on' || value === '1'
  return {
    txOverride: txEnd.endsWith('-allow-override'),
    txRollbackAll: txEnd.startsWith('rollback'),
    aggregates: on(get('db_aggregates_enabled')),
    plan: on(get('db_plan_enabled')),
  }
}
