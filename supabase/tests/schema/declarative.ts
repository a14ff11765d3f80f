// The declarative schema (supabase/schemas/*.sql) against the migrations (supabase/migrations):
// each is applied to a throwaway bootstrapped database and the two are diffed. `migra` diffs the
// structure (tables, columns, constraints, indexes, functions, triggers, policies, extensions);
// it reads only table-level grants and no comments, so privileges, comments, default privileges
// and the Realtime publication are compared here from the catalogs, where the column grants and
// function revokes that our security rests on live.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, sql } from '@pgkit/client'
import { Migration } from '@pgkit/migra'
import { PostgreSQL } from '@pgkit/schemainspect'
import pg from 'pg'

export const supabaseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const migrationsDir = path.join(supabaseDir, 'migrations')
export const schemasDir = path.join(supabaseDir, 'schemas')

/** The schemas whose objects we own (auth, storage and realtime for our triggers and policies on them). */
const OURS = ['public', 'private', 'extensions', 'auth', 'storage', 'realtime']
/** Where the ACL, comment and default-privilege comparison looks: the bootstrap owns the rest. */
const ACL_SCHEMAS = ['public', 'private']

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/

function describePgError(error: unknown, file: string): Error {
  const e = error as pg.DatabaseError
  const where = e.position ? ` (at character ${e.position})` : ''
  return new Error(`${file}: ${e.message}${where}${e.detail ? `\n  ${e.detail}` : ''}`, { cause: error })
}

export function migrationFiles(dir = migrationsDir): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => MIGRATION_FILE.test(name))
        .sort()
        .map((name) => path.join(dir, name))
    : []
}

/** Schema files in lexical order, as `supabase db diff` reads `supabase/schemas/*.sql`. */
export function schemaFiles(dir = schemasDir): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.sql'))
        .sort()
        .map((name) => path.join(dir, name))
    : []
}

/** Applies each file in its own transaction, as the stack applies migrations. */
export async function applyFiles(url: string, files: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const file of files) {
      const sql = readFileSync(file, 'utf8')
      try {
        await client.query('begin')
        await client.query(sql)
        await client.query('commit')
      } catch (error) {
        await client.query('rollback')
        throw describePgError(error, path.relative(path.dirname(supabaseDir), file))
      }
    }
  } finally {
    await client.end()
  }
}

async function migraStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  // An empty search_path makes the catalog print every name schema-qualified (a foreign key's
  // table, a type in a signature), so the statements mean the same wherever they run.
  const qualified = (url: string) =>
    `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c search_path=')}`
  // Each diff opens its own pool; pg-promise warns on a second one for the same server.
  const options = { pgpOptions: { initialize: { noWarnings: true } } }
  const from = createClient(qualified(fromUrl), options)
  const to = createClient(qualified(toUrl), options)
  try {
    const schemas = await from.anyFirst(sql<{ nspname: string }>`select nspname from pg_namespace`)
    const exclude = schemas.filter((name) => !OURS.includes(name))
    const m = await Migration.create(await PostgreSQL.create(from), await PostgreSQL.create(to), {
      exclude_schema: exclude,
    })
    m.set_safety(false)
    m.add_all_changes(false)
    return [...m.statements].map((statement) => statement.trim()).filter((statement) => statement.length > 0)
  } finally {
    await from.end()
    await to.end()
  }
}

interface Grant {
  /** What a GRANT names: `table public.tickets`, `function private.uid()`, `schema private`. */
  object: string
  /** Column-level grants name their column. */
  column: string | null
  grantee: string
  privilege: string
}

interface Catalog {
  grants: Grant[]
  /** Objects the ACL comparison covers (so a new one starts from `revoke all`). */
  objects: Set<string>
  comments: Map<string, string>
  publication: Set<string>
  defaults: Set<string>
}

const quoteIdent = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`

async function readCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Names come out schema-qualified (types in signatures too), as a migration must spell them.
    await client.query("set search_path = ''")
    const schemas = ACL_SCHEMAS
    // Relations and functions with their ACL spelled out (acldefault where it was never changed),
    // less the owner's own rights.
    const { rows: objects } = await client.query<{
      object: string
      column: string | null
      acl: string | null
    }>(
      `
      with objs as (
        select case c.relkind when 'S' then 'sequence ' else 'table ' end
                 || quote_ident(n.nspname) || '.' || quote_ident(c.relname) as object,
               coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's' else 'r' end::"char", c.relowner)) as acl,
               c.relowner as owner
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        union all
        select (case p.prokind when 'p' then 'procedure ' else 'function ' end)
                 || quote_ident(n.nspname) || '.' || quote_ident(p.proname)
                 || '(' || pg_get_function_identity_arguments(p.oid) || ')',
               coalesce(p.proacl, acldefault('f', p.proowner)), p.proowner
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1)
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        union all
        select 'schema ' || quote_ident(n.nspname), coalesce(n.nspacl, acldefault('n', n.nspowner)), n.nspowner
        from pg_namespace n where n.nspname = any($1)
        union all
        select 'type ' || quote_ident(n.nspname) || '.' || quote_ident(t.typname),
               coalesce(t.typacl, acldefault('T', t.typowner)), t.typowner
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any($1) and t.typtype in ('e', 'd')
      )
      select o.object, null::text as column,
             (select string_agg(coalesce(r.rolname, 'public') || '=' || a.privilege_type, ',' order by 1)
                from aclexplode(o.acl) a left join pg_roles r on r.oid = a.grantee
               where a.grantee <> o.owner) as acl
      from objs o
      union all
      select 'table ' || quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname,
             (select string_agg(coalesce(r.rolname, 'public') || '=' || x.privilege_type, ',' order by 1)
                from aclexplode(a.attacl) x left join pg_roles r on r.oid = x.grantee
               where x.grantee <> c.relowner)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and a.attnum > 0 and not a.attisdropped and a.attacl is not null
      `,
      [schemas],
    )
    const grants: Grant[] = []
    const names = new Set<string>()
    for (const row of objects) {
      if (row.column === null) names.add(row.object)
      for (const entry of row.acl?.split(',') ?? []) {
        const [grantee = '', privilege = ''] = entry.split('=')
        grants.push({ object: row.object, column: row.column, grantee, privilege })
      }
    }

    const { rows: comments } = await client.query<{ target: string; text: string }>(
      `
      select case when d.objsubid = 0 then
               case c.relkind when 'S' then 'sequence ' when 'v' then 'view ' else 'table ' end
                 || quote_ident(n.nspname) || '.' || quote_ident(c.relname)
             else 'column ' || quote_ident(n.nspname) || '.' || quote_ident(c.relname) || '.'
                 || quote_ident(a.attname) end as target,
             d.description as text
      from pg_description d
      join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum = d.objsubid
      where n.nspname = any($1)
      union all
      select 'function ' || quote_ident(n.nspname) || '.' || quote_ident(p.proname)
               || '(' || pg_get_function_identity_arguments(p.oid) || ')', d.description
      from pg_description d join pg_proc p on d.classoid = 'pg_proc'::regclass and p.oid = d.objoid
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)
      union all
      select 'type ' || quote_ident(n.nspname) || '.' || quote_ident(t.typname), d.description
      from pg_description d join pg_type t on d.classoid = 'pg_type'::regclass and t.oid = d.objoid
      join pg_namespace n on n.oid = t.typnamespace where n.nspname = any($1)
      union all
      select 'schema ' || quote_ident(n.nspname), d.description
      from pg_description d join pg_namespace n on d.classoid = 'pg_namespace'::regclass and n.oid = d.objoid
      where n.nspname = any($1)
      union all
      select 'policy ' || quote_ident(p.polname) || ' on ' || p.polrelid::regclass::text, d.description
      from pg_description d join pg_policy p on d.classoid = 'pg_policy'::regclass and p.oid = d.objoid
      union all
      select 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass::text, d.description
      from pg_description d join pg_trigger t on d.classoid = 'pg_trigger'::regclass and t.oid = d.objoid
      `,
      [schemas],
    )

    const { rows: published } = await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
       from pg_publication_tables where pubname = 'supabase_realtime'`,
    )

    // Default privileges, as the statement that sets each entry (the bootstrap's are on both sides).
    const { rows: defaults } = await client.query<{ entry: string }>(
      `
      select concat_ws(chr(1), format('for role %I', r.rolname) || coalesce(' in schema ' || quote_ident(n.nspname), ''),
                       case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences'
                         when 'f' then 'functions' when 'T' then 'types' when 'n' then 'schemas' end,
                       lower(a.privilege_type), coalesce(quote_ident(g.rolname), 'public')) as entry
      from pg_default_acl d
      join pg_roles r on r.oid = d.defaclrole
      left join pg_namespace n on n.oid = d.defaclnamespace
      cross join lateral aclexplode(d.defaclacl) a
      left join pg_roles g on g.oid = a.grantee
      `,
    )

    return {
      grants,
      objects: names,
      comments: new Map(comments.map((row) => [row.target, row.text])),
      publication: new Set(published.map((row) => row.name)),
      defaults: new Set(defaults.map((row) => row.entry)),
    }
  } finally {
    await client.end()
  }
}

const grantKey = (g: Grant) => `${g.object}\u0000${g.column ?? ''}\u0000${g.grantee}\u0000${g.privilege}`

const TABLE_PRIVILEGES = ['delete', 'insert', 'references', 'select', 'trigger', 'truncate', 'update']

/**
 * GRANT or REVOKE statements for a set of rights, one per object and set of rights: the rights one
 * grantee has on an object (columns listed per privilege) are named together, and grantees with
 * the same rights share a statement.
 */
function privilegeStatements(verb: 'grant' | 'revoke', grants: Grant[]): string[] {
  const byObject = new Map<string, Map<string, Set<string>>>()
  for (const g of grants) {
    const rights = byObject.get(g.object) ?? new Map<string, Set<string>>()
    byObject.set(g.object, rights)
    const grantee = g.grantee === 'public' ? 'public' : quoteIdent(g.grantee)
    const set = rights.get(grantee) ?? new Set<string>()
    rights.set(grantee, set)
    set.add(
      g.column === null
        ? g.privilege.toLowerCase()
        : `${g.privilege.toLowerCase()}\u0000${quoteIdent(g.column)}`,
    )
  }
  const out: string[] = []
  for (const [object, rights] of [...byObject].sort(([a], [b]) => a.localeCompare(b))) {
    const byRights = new Map<string, string[]>()
    for (const [grantee, set] of rights) {
      const whole = [...set].filter((right) => !right.includes('\u0000')).sort()
      const columns = new Map<string, string[]>()
      for (const right of set) {
        const [privilege, column] = right.split('\u0000')
        if (privilege && column) columns.set(privilege, [...(columns.get(privilege) ?? []), column])
      }
      // ALL, not its list: MAINTAIN exists from PostgreSQL 17 on, and ALL means every privilege the
      // server has, so the statement runs on 15 and 17 alike.
      const wholeTable = TABLE_PRIVILEGES.every((privilege) => whole.includes(privilege))
      const parts = [
        ...(wholeTable ? ['all'] : whole),
        ...[...columns]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([privilege, cols]) => `${privilege} (${cols.sort().join(', ')})`),
      ]
      const key = parts.join(', ')
      byRights.set(key, [...(byRights.get(key) ?? []), grantee])
    }
    for (const [rightsList, grantees] of [...byRights].sort(([a], [b]) => a.localeCompare(b))) {
      const who = grantees.sort().join(', ')
      out.push(
        verb === 'grant'
          ? `grant ${rightsList} on ${object} to ${who};`
          : `revoke ${rightsList} on ${object} from ${who};`,
      )
    }
  }
  return out
}

/**
 * ALTER DEFAULT PRIVILEGES for entries `scope \u0001 objects \u0001 privilege \u0001 grantee`, one
 * statement per scope, objects and grantees that share a list of privileges. MAINTAIN (PostgreSQL
 * 17 on) is set only where the server knows it, so the script runs on 15 as well.
 */
function defaultPrivilegeStatements(verb: 'grant' | 'revoke', entries: string[]): string[] {
  const byTarget = new Map<string, Map<string, string[]>>()
  for (const entry of entries) {
    const [scope = '', objects = '', privilege = '', grantee = ''] = entry.split('\u0001')
    const target = `${scope}\u0001${objects}`
    const grantees = byTarget.get(target) ?? new Map<string, string[]>()
    byTarget.set(target, grantees)
    grantees.set(grantee, [...(grantees.get(grantee) ?? []), privilege])
  }
  const out: string[] = []
  for (const [target, grantees] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
    const [scope, objects] = target.split('\u0001')
    const byList = new Map<string, string[]>()
    for (const [grantee, privileges] of grantees) {
      for (const group of [
        privileges.filter((p) => p !== 'maintain'),
        privileges.filter((p) => p === 'maintain'),
      ]) {
        if (group.length === 0) continue
        const list = group.sort().join(', ')
        byList.set(list, [...(byList.get(list) ?? []), grantee])
      }
    }
    for (const [list, who] of [...byList].sort(([a], [b]) => a.localeCompare(b))) {
      const statement = `alter default privileges ${scope} ${verb} ${list} on ${objects} ${verb === 'grant' ? 'to' : 'from'} ${who.sort().join(', ')}`
      out.push(
        list === 'maintain'
          ? `do $$\nbegin\n  if current_setting('server_version_num')::integer >= 170000 then\n    execute ${quoteLiteral(statement)};\n  end if;\nend\n$$;`
          : `${statement};`,
      )
    }
  }
  return out
}

/** SQL for what migra leaves out: privileges, comments, the Realtime publication, default privileges. */
function catalogSql(from: Catalog, to: Catalog): string[] {
  const out: string[] = []
  // An object new on the target starts with the privileges its creation gave it, not the source's
  // (none): take every right back from the API roles first, then grant what the target has.
  for (const object of [...to.objects].sort()) {
    if (!from.objects.has(object) && !object.startsWith('schema ') && !object.startsWith('type ')) {
      out.push(`revoke all on ${object} from public, anon, authenticated, service_role;`)
    }
  }
  const before = new Set(from.grants.map(grantKey))
  const after = new Set(to.grants.map(grantKey))
  out.push(
    ...privilegeStatements(
      'revoke',
      from.grants.filter((g) => !after.has(grantKey(g)) && to.objects.has(g.object)),
    ),
    ...privilegeStatements(
      'grant',
      to.grants.filter((g) =>
        from.objects.has(g.object)
          ? !before.has(grantKey(g))
          : // A new type starts with USAGE for everyone (no revoke ran on it).
            !(g.object.startsWith('type ') && g.grantee === 'public'),
      ),
    ),
  )
  for (const [target, text] of [...to.comments].sort()) {
    if (from.comments.get(target) !== text) out.push(`comment on ${target} is ${quoteLiteral(text)};`)
  }
  for (const target of [...from.comments.keys()].sort()) {
    if (!to.comments.has(target)) out.push(`comment on ${target} is null;`)
  }
  for (const table of [...to.publication].sort()) {
    if (!from.publication.has(table)) out.push(`alter publication supabase_realtime add table ${table};`)
  }
  for (const table of [...from.publication].sort()) {
    if (!to.publication.has(table)) out.push(`alter publication supabase_realtime drop table ${table};`)
  }
  out.push(
    ...defaultPrivilegeStatements(
      'grant',
      [...to.defaults].filter((entry) => !from.defaults.has(entry)),
    ),
    ...defaultPrivilegeStatements(
      'revoke',
      [...from.defaults].filter((entry) => !to.defaults.has(entry)),
    ),
  )
  return out
}

/**
 * The statements that turn the database at `fromUrl` into the one at `toUrl`: migra's, then
 * privileges, comments, publication and default privileges. None when they agree.
 */
export async function diffStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const structure = await migraStatements(fromUrl, toUrl)
  const [from, to] = await Promise.all([readCatalog(fromUrl), readCatalog(toUrl)])
  return [...structure, ...catalogSql(from, to)]
}

/** `diffStatements` as one script; empty when the databases agree. */
export async function diffDatabases(fromUrl: string, toUrl: string): Promise<string> {
  return (await diffStatements(fromUrl, toUrl)).join('\n\n')
}

/**
 * Every definition in our schemas as sorted lines of the catalog's own text (columns, constraints,
 * indexes, functions, triggers, policies, privileges, comments, enums, extensions, publication,
 * default privileges): a second opinion on `diffStatements`, independent of migra, read where
 * pg_dump cannot be (the system's pg_dump is older than the embedded server).
 */
export async function fingerprint(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query("set search_path = ''")
    const { rows } = await client.query<{ line: string }>(
      `
      with ns as (select oid, nspname from pg_namespace where nspname = any($1)),
      rel as (select c.*, n.nspname from pg_class c join ns n on n.oid = c.relnamespace)
      select 'relation ' || nspname || '.' || relname || ' ' || relkind::text || ' rls=' || relrowsecurity
             || ' force=' || relforcerowsecurity || ' replica=' || relreplident::text || ' acl=' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(coalesce(relacl, acldefault(case relkind when 'S' then 's' else 'r' end::"char", relowner))) e left join pg_roles g on g.oid = e.grantee)
             || ' options=' || coalesce(reloptions::text, '-') as line
      from rel where relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      union all
      select 'column ' || r.nspname || '.' || r.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
             || ' notnull=' || a.attnotnull || ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
             || ' generated=' || a.attgenerated::text || ' identity=' || a.attidentity::text || ' acl=' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(a.attacl) e left join pg_roles g on g.oid = e.grantee)
             || ' collation=' || a.attcollation
      from rel r join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where r.relkind in ('r', 'p', 'v', 'm', 'f')
      union all
      select 'constraint ' || r.nspname || '.' || r.relname || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
             || ' deferrable=' || c.condeferrable || ' validated=' || c.convalidated
      from pg_constraint c join rel r on r.oid = c.conrelid
      union all
      select 'index ' || r.nspname || ' ' || pg_get_indexdef(i.indexrelid)
      from pg_index i join rel r on r.oid = i.indrelid
      union all
      select 'trigger ' || pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = any($1 || array['auth', 'storage', 'realtime'])
      union all
      select 'policy ' || schemaname || '.' || tablename || ' ' || policyname || ' ' || permissive || ' ' || roles::text
             || ' ' || cmd || ' using=' || coalesce(qual, '-') || ' check=' || coalesce(with_check, '-')
      from pg_policies where schemaname = any($1 || array['storage', 'realtime'])
      union all
      select 'function ' || pg_get_functiondef(p.oid) || ' acl=' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) e left join pg_roles g on g.oid = e.grantee)
      from pg_proc p join ns n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all
      select 'type ' || n.nspname || '.' || t.typname || ' ' || t.typtype::text || ' acl=' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(coalesce(t.typacl, acldefault('T', t.typowner))) e left join pg_roles g on g.oid = e.grantee) || ' '
             || coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '')
      from pg_type t join ns n on n.oid = t.typnamespace where t.typtype in ('e', 'd', 'c') and t.typrelid = 0
      union all
      select 'schema ' || nspname || ' acl=' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(coalesce(nspacl, acldefault('n', nspowner))) e left join pg_roles g on g.oid = e.grantee) from pg_namespace where nspname = any($1)
      union all
      select 'comment ' || d.classoid::regclass::text || ' ' || d.objsubid || ' '
             || coalesce(pg_describe_object(d.classoid, d.objoid, d.objsubid), '?') || ' = ' || d.description
      from pg_description d
      where pg_describe_object(d.classoid, d.objoid, d.objsubid) ~ '(public|private)\\.'
      union all
      select 'extension ' || e.extname || ' ' || e.extversion || ' in ' || n.nspname
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      union all
      select 'publication ' || pubname || ' ' || schemaname || '.' || tablename from pg_publication_tables
      union all
      select 'default acl ' || d.defaclrole::regrole::text || ' ' || coalesce(n.nspname, '-') || ' ' || d.defaclobjtype::text
             || ' ' || (select coalesce(string_agg(coalesce(g.rolname, 'public') || ':' || e.privilege_type, ',' order by coalesce(g.rolname, 'public'), e.privilege_type), '-') from aclexplode(d.defaclacl) e left join pg_roles g on g.oid = e.grantee)
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
      `,
      [ACL_SCHEMAS],
    )
    return rows.map((row) => row.line).sort()
  } finally {
    await client.end()
  }
}
