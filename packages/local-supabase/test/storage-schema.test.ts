/* The storage schema of §8.3: helper functions, search, triggers, RLS and grants, and the upgrade of a stub-era database. */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { bootstrapSql } from '../src/db/bootstrap-sql.js'
import { sql, urls } from './helpers.js'

describe('storage schema', () => {
  it('foldername, filename and extension match Storage on edge cases', async () => {
    const [row] = await sql(`
      select storage.foldername('t/a.pdf') as f1, storage.foldername('a.pdf') as f2,
             storage.foldername('t/') as f3, storage.foldername('') as f4,
             storage.filename('t/u/a.pdf') as n1, storage.extension('t/a.tar.gz') as e1,
             storage.extension('noext') as e2`)
    expect(row).toEqual({ f1: ['t'], f2: [], f3: ['t'], f4: null, n1: 'a.pdf', e1: 'gz', e2: 'noext' })
  })

  it('tables are owned by supabase_storage_admin, RLS is on without policies, search is SECURITY INVOKER', async () => {
    const tables = await sql<{ relname: string; owner: string; rls: boolean }>(`
      select c.relname, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls
      from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' order by 1`)
    expect(tables).toEqual([
      { relname: 'buckets', owner: 'supabase_storage_admin', rls: true },
      { relname: 'migrations', owner: 'supabase_storage_admin', rls: true },
      { relname: 'objects', owner: 'supabase_storage_admin', rls: true },
    ])
    const bucketPolicies = await sql(
      `select 1 from pg_policies where schemaname = 'storage' and tablename in ('buckets', 'migrations')`,
    )
    expect(bucketPolicies).toEqual([])
    const [search] = await sql<{ prosecdef: boolean }>(
      `select prosecdef from pg_proc where oid = 'storage.search'::regproc`,
    )
    expect(search?.prosecdef).toBe(false)
    const [grants] = await sql<{ ok: boolean }>(`
      select bool_and(has_table_privilege(r, 'storage.objects', 'select,insert,update,delete')) as ok
      from unnest(array['anon', 'authenticated', 'service_role', 'postgres']) r`)
    expect(grants?.ok).toBe(true)
  })

  it('search lists files and folders at a depth, as the caller', async () => {
    const bucket = `search-${randomUUID().slice(0, 8)}`
    await sql('insert into storage.buckets (id, name) values ($1, $1)', [bucket])
    await sql(
      `insert into storage.objects (bucket_id, name, metadata) values
       ($1, 'a/one.txt', '{"size":1}'), ($1, 'a/two.txt', '{"size":2}'), ($1, 'a/sub/three.txt', null), ($1, 'top.txt', null)`,
      [bucket],
    )
    const inA = await sql<{ name: string; id: string | null }>(
      `select name, id from storage.search('a/', $1, 100, 2, 0, '', 'name', 'asc')`,
      [bucket],
    )
    expect(inA.map((r) => [r.name, r.id === null])).toEqual([
      ['sub', true],
      ['one.txt', false],
      ['two.txt', false],
    ])
    const searched = await sql(`select name from storage.search('a/', $1, 100, 2, 0, 'tw')`, [bucket])
    expect(searched).toEqual([{ name: 'two.txt' }])
    // SECURITY INVOKER: with no policies for it, anon lists nothing.
    const db = new pg.Client({ connectionString: urls.db })
    await db.connect()
    try {
      await db.query('begin; set local role anon')
      const { rows } = await db.query(`select name from storage.search('a/', $1, 100, 2)`, [bucket])
      expect(rows).toEqual([])
    } finally {
      await db.query('rollback')
      await db.end()
    }
  })

  it('bucket names over 100 characters are refused; updates touch updated_at', async () => {
    await expect(
      sql('insert into storage.buckets (id, name) values ($1, $1)', ['b'.repeat(101)]),
    ).rejects.toThrow(/too long/)
    const bucket = `touch-${randomUUID().slice(0, 8)}`
    await sql('insert into storage.buckets (id, name) values ($1, $1)', [bucket])
    await sql(
      `insert into storage.objects (bucket_id, name, updated_at) values ($1, 'x', now() - interval '1 day')`,
      [bucket],
    )
    const [row] = await sql<{ fresh: boolean }>(
      `update storage.objects set metadata = '{}' where bucket_id = $1 returning updated_at > now() - interval '1 minute' as fresh`,
      [bucket],
    )
    expect(row?.fresh).toBe(true)
  })

  it('upgrades a database made with the earlier storage stub, keeping its rows', async () => {
    const name = `upgrade_${randomUUID().slice(0, 8)}`
    await sql(`create database ${name}`)
    const url = new URL(urls.db)
    url.pathname = `/${name}`
    const db = new pg.Client({ connectionString: url.toString() })
    await db.connect()
    try {
      await db.query(`
        create schema storage;
        create table storage.buckets (
          id text primary key, name text not null unique, owner uuid, public boolean default false,
          file_size_limit bigint, allowed_mime_types text[], created_at timestamptz default now(), updated_at timestamptz default now());
        create table storage.objects (
          id uuid primary key default gen_random_uuid(), bucket_id text references storage.buckets (id), name text, owner uuid,
          metadata jsonb, created_at timestamptz default now(), updated_at timestamptz default now(), last_accessed_at timestamptz default now());
        insert into storage.buckets (id, name) values ('old', 'old');
        insert into storage.objects (bucket_id, name) values ('old', 'f/a.txt');`)
      await db.query(bootstrapSql({ autoExposeNewTables: true }))
      await db.query(bootstrapSql({ autoExposeNewTables: true }))
      const { rows } = await db.query(
        `select o.name, o.path_tokens, b.type, (select conname from pg_constraint where conrelid = 'storage.objects'::regclass and contype = 'f') as fk
         from storage.objects o join storage.buckets b on b.id = o.bucket_id`,
      )
      expect(rows).toEqual([
        { name: 'f/a.txt', path_tokens: ['f', 'a.txt'], type: 'STANDARD', fk: 'objects_bucketId_fkey' },
      ])
    } finally {
      await db.end()
      await sql(`drop database ${name} with (force)`)
    }
  })
})
