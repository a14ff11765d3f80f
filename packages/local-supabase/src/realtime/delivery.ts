/*
 * Delivering one captured change (contract §9.5, hosted `realtime.apply_rls`): match the
 * bindings, cast the text values in SQL, keep the columns each role may read, and ask
 * PostgreSQL, as each subscriber, whether RLS lets it see the row as it is now.
 */
import pg from 'pg'
import type { Claims } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import { quoteIdent } from '../rest/builder.js'
import type { Change } from './capture.js'
import { type Binding, type Filter, matchesEntity } from './filters.js'
import type { Relation, TupleValue } from './pgoutput.js'

export interface ChangeListener {
  topic: string
  claims(): Claims
  bindings(): Binding[]
  push(event: string, payload: unknown): void
}

interface TypeInfo {
  typname: string
  sqltype: string
}

interface RelationMeta {
  pk: string[]
  types: Map<number, TypeInfo>
}

const MAX_RECORD_BYTES = 1024 * 1024
const MAX_KEPT_VALUE_BYTES = 64
const SQL_OPS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }

const roleOf = (claims: Claims) => (typeof claims.role === 'string' && claims.role ? claims.role : 'anon')

export function createDelivery(options: { pool: pg.Pool; log: Logger }) {
  const { pool, log } = options
  const metas = new WeakMap<Relation, RelationMeta>()

  async function relationMeta(relation: Relation): Promise<RelationMeta> {
    const known = metas.get(relation)
    if (known) return known
    const { rows } = await pool.query<{
      pk: string[]
      types: { oid: number; typname: string; sqltype: string }[]
    }>(
      `select (select coalesce(array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)), '{}')
                 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                where i.indrelid = $1 and i.indisprimary) as pk,
              (select coalesce(json_agg(json_build_object('oid', t.oid, 'typname', t.typname, 'sqltype', format_type(t.oid, null))), '[]')
                 from pg_type t where t.oid = any($2::oid[])) as types`,
      [relation.oid, relation.columns.map((column) => column.typeOid)],
    )
    const row = rows[0]
    const meta: RelationMeta = {
      pk: row?.pk ?? [],
      types: new Map(
        (row?.types ?? []).map((t) => [Number(t.oid), { typname: t.typname, sqltype: t.sqltype }]),
      ),
    }
    metas.set(relation, meta)
    return meta
  }

  /** `to_jsonb(text::type)`, as hosted formats values; never formatted by hand. */
  function jsonOf(
    relation: Relation,
    meta: RelationMeta,
    tuple: TupleValue[],
    include: (index: number) => boolean,
  ): string {
    const pairs: string[] = []
    relation.columns.forEach((column, index) => {
      const value = tuple[index]
      if (value === undefined || !include(index)) return
      const type = meta.types.get(column.typeOid)?.sqltype ?? 'text'
      const literal = value === null ? 'null' : pg.escapeLiteral(value)
      pairs.push(`${pg.escapeLiteral(column.name)}, to_jsonb(${literal}::text::${type})`)
    })
    if (pairs.length === 0) return `'{}'::jsonb`
    // jsonb_build_object takes at most 100 arguments.
    const chunks: string[] = []
    for (let i = 0; i < pairs.length; i += 40)
      chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`)
    return chunks.join(' || ')
  }

  function filterSql(change: Change, meta: RelationMeta, filter: Filter): string {
    const { relation } = change
    const index = relation.columns.findIndex((column) => column.name === filter.column)
    const column = relation.columns[index]
    const tuple = change.action === 'DELETE' ? change.oldTuple : change.newTuple
    // DELETE sees only the old identity columns: a filter on any other column matches nothing.
    const absent = change.action === 'DELETE' && relation.replicaIdentity !== 'f' && !column?.isKey
    const value = tuple?.[index]
    if (!column || absent || value === undefined) return 'false'
    const type = meta.types.get(column.typeOid)?.sqltype ?? 'text'
    const left = `${value === null ? 'null' : pg.escapeLiteral(value)}::text::${type}`
    const rights = filter.values.map((v) => `${pg.escapeLiteral(v)}::text::${type}`)
    if (filter.op === 'in') return `coalesce(${left} = any(array[${rights.join(', ')}]), false)`
    return `coalesce(${left} ${SQL_OPS[filter.op]} ${rights[0]}, false)`
  }

  function settingsSql(claims: Claims): string {
    const role = roleOf(claims)
    const sub = typeof claims.sub === 'string' ? claims.sub : ''
    const set = (name: string, value: string) =>
      `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`
    return `select ${set('role', role)}, ${set('request.jwt.claims', JSON.stringify(claims))}, ${set('request.jwt.claim.sub', sub)}, ${set('request.jwt.claim.role', role)}`
  }

  /** Which claims (by their JSON) may see the row, in one round trip; one by one if that fails. */
  async function visibleTo(claimsList: Claims[], existsSql: string): Promise<Set<string>> {
    const visible = new Set<string>()
    const head = `begin read only; set local statement_timeout = '5s'; `
    const body = claimsList.map((claims) => `${settingsSql(claims)}; ${existsSql};`).join(' ')
    const client = await pool.connect()
    let broken = false
    try {
      try {
        const results = (await client.query(`${head}${body} rollback`)) as unknown as pg.QueryResult[]
        claimsList.forEach((claims, i) => {
          if (results[3 + 2 * i]?.rows[0]?.ok === true) visible.add(JSON.stringify(claims))
        })
        return visible
      } catch (error) {
        log.debug(`realtime rls batch: ${(error as Error).message}`)
        await client.query('rollback')
      }
      // A policy that raises for one subscriber must not hide the row from the others.
      for (const claims of claimsList) {
        try {
          const results = (await client.query(
            `${head}${settingsSql(claims)}; ${existsSql}; rollback`,
          )) as unknown as pg.QueryResult[]
          if (results[3]?.rows[0]?.ok === true) visible.add(JSON.stringify(claims))
        } catch (error) {
          log.debug(`realtime rls check for role ${roleOf(claims)}: ${(error as Error).message}`)
          await client.query('rollback')
        }
      }
      return visible
    } catch (error) {
      broken = true
      throw error
    } finally {
      client.release(broken)
    }
  }

  function limitSize(record: Record<string, unknown>): {
    record: Record<string, unknown>
    tooLarge: boolean
  } {
    if (Buffer.byteLength(JSON.stringify(record)) <= MAX_RECORD_BYTES) return { record, tooLarge: false }
    const kept: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(record)) {
      if (Buffer.byteLength(JSON.stringify(value)) <= MAX_KEPT_VALUE_BYTES) kept[key] = value
    }
    return { record: kept, tooLarge: true }
  }

  const pick = (record: Record<string, unknown> | undefined, keep: (name: string) => boolean) =>
    record ? Object.fromEntries(Object.entries(record).filter(([key]) => keep(key))) : undefined

  async function deliver(change: Change, listeners: Iterable<ChangeListener>): Promise<void> {
    const { relation, action } = change
    const candidates: { listener: ChangeListener; bindings: Binding[]; claims: Claims; role: string }[] = []
    for (const listener of listeners) {
      const bindings = listener
        .bindings()
        .filter((b) => matchesEntity(b, relation.schema, relation.table, action))
      if (bindings.length === 0) continue
      const claims = listener.claims()
      candidates.push({ listener, bindings, claims, role: roleOf(claims) })
    }
    if (candidates.length === 0) return

    const meta = await relationMeta(relation)
    const roles = [...new Set(candidates.map((c) => c.role))]
    const bindings = [...new Map(candidates.flatMap((c) => c.bindings).map((b) => [b.id, b])).values()]
    const keyIndex = (index: number) => relation.columns[index]?.isKey === true
    const oldIsFull = relation.replicaIdentity === 'f'
    const columns = [
      `(select relrowsecurity from pg_class where oid = ${relation.oid}) as rls`,
      `${change.newTuple ? jsonOf(relation, meta, change.newTuple, () => true) : 'null'} as rec`,
      `${change.oldTuple ? jsonOf(relation, meta, change.oldTuple, oldIsFull ? () => true : keyIndex) : 'null'} as old`,
      ...roles.map((role, i) => {
        const r = pg.escapeLiteral(role)
        return `case when exists(select 1 from pg_roles where rolname = ${r}) then array(select attname::text from pg_attribute where attrelid = ${relation.oid} and attnum > 0 and not attisdropped and has_column_privilege(${r}, attrelid, attnum, 'SELECT') order by attnum) end as p${i}`
      }),
      ...bindings.map(
        (b, i) => `(${b.filters.map((f) => filterSql(change, meta, f)).join(' and ') || 'true'}) as f${i}`,
      ),
    ]
    const row = (await pool.query(`select ${columns.join(', ')}`)).rows[0] as Record<string, unknown>
    const rls = row.rls === true
    const record = (row.rec ?? undefined) as Record<string, unknown> | undefined
    const oldRecord = (row.old ?? undefined) as Record<string, unknown> | undefined
    const passes = new Map(bindings.map((b, i) => [b.id, row[`f${i}`] === true]))

    const pkValues = change.newTuple ?? change.oldTuple ?? []
    const pkCondition = meta.pk
      .map((name) => {
        const index = relation.columns.findIndex((column) => column.name === name)
        const column = relation.columns[index]
        const value = pkValues[index]
        if (!column || value === undefined || value === null) return 'false'
        return `${quoteIdent(name)} = ${pg.escapeLiteral(value)}::text::${meta.types.get(column.typeOid)?.sqltype ?? 'text'}`
      })
      .join(' and ')
    const existsSql = `select exists(select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.table)} where ${pkCondition}) as ok`
    const needsRls = rls && action !== 'DELETE'
    const toCheck = new Map<string, Claims>()
    const ready: { listener: ChangeListener; ids: number[]; role: string; claims: Claims; error?: string }[] =
      []
    for (const candidate of candidates) {
      const allowed = row[`p${roles.indexOf(candidate.role)}`] as string[] | null
      if (!allowed) continue
      const ids = candidate.bindings.map((b) => b.id)
      if (meta.pk.length === 0)
        ready.push({ ...candidate, ids, error: 'Error 400: Bad Request, no primary key' })
      else if (!meta.pk.every((name) => allowed.includes(name)))
        ready.push({ ...candidate, ids, error: 'Error 401: Unauthorized' })
      else {
        const matched = ids.filter((id) => passes.get(id))
        if (matched.length === 0) continue
        ready.push({ ...candidate, ids: matched })
        if (needsRls && candidate.role !== 'service_role')
          toCheck.set(JSON.stringify(candidate.claims), candidate.claims)
      }
    }
    const visible = toCheck.size > 0 ? await visibleTo([...toCheck.values()], existsSql) : new Set<string>()

    const dataByRole = new Map<string, unknown>()
    const dataFor = (role: string, error?: string) => {
      const key = `${role}\u0000${error ?? ''}`
      const known = dataByRole.get(key)
      if (known) return known
      let data: Record<string, unknown>
      if (error) data = { schema: relation.schema, table: relation.table, type: action, errors: [error] }
      else {
        const allowed = new Set(row[`p${roles.indexOf(role)}`] as string[])
        const keep = (name: string) => allowed.has(name)
        const errors: string[] = []
        data = {
          schema: relation.schema,
          table: relation.table,
          commit_timestamp: change.commitTime.toISOString(),
          type: action,
          columns: relation.columns
            .filter((column) => keep(column.name))
            .map((column) => ({
              name: column.name,
              type: meta.types.get(column.typeOid)?.typname ?? 'text',
            })),
        }
        if (record) {
          const limited = limitSize(pick(record, keep) ?? {})
          data.record = limited.record
          if (limited.tooLarge) errors.push('Error 413: Payload Too Large')
        }
        if (action !== 'INSERT') {
          // Under default identity the old row is its key, taken from the new row when unchanged.
          const fullOld = oldIsFull && !(rls && action === 'DELETE')
          const source = fullOld ? oldRecord : pick(oldRecord ?? record, (name) => meta.pk.includes(name))
          const limited = limitSize(pick(source, keep) ?? {})
          data.old_record = limited.record
          if (limited.tooLarge && !errors.length) errors.push('Error 413: Payload Too Large')
        }
        data.errors = errors.length > 0 ? errors : null
      }
      dataByRole.set(key, data)
      return data
    }
    for (const entry of ready) {
      if (
        !entry.error &&
        needsRls &&
        entry.role !== 'service_role' &&
        !visible.has(JSON.stringify(entry.claims))
      )
        continue
      entry.listener.push('postgres_changes', { ids: entry.ids, data: dataFor(entry.role, entry.error) })
    }
  }

  return { deliver }
}
