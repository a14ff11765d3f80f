// Table privileges of the API roles. anon and authenticated work on rows through PostgREST and
// row-level security; TRUNCATE (which skips RLS), TRIGGER and REFERENCES are not theirs, on any
// table in public now or created later (Supabase's database advisor flags them).
import { describe, expect, it } from 'vitest'
import { withPg } from './helpers'

const API_ROLES = ['anon', 'authenticated'] as const
const MAINTENANCE = ['TRUNCATE', 'TRIGGER', 'REFERENCES'] as const

async function publicTables(): Promise<string[]> {
  return withPg(async (db) => {
    const { rows } = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
    return rows.map((row) => row.name)
  })
}

describe('API roles on the tables in public', () => {
  it('the product tables are all there', async () => {
    expect(await publicTables()).toEqual(
      expect.arrayContaining([
        'companies',
        'company_members',
        'newsletter_subscribers',
        'page_views',
        'quote_requests',
        'support_requests',
        'ticket_messages',
        'tickets',
        'user_roles',
      ]),
    )
  })

  it.each(API_ROLES)('%s holds no TRUNCATE, TRIGGER or REFERENCES (has_table_privilege)', async (role) => {
    const tables = await publicTables()
    const held = await withPg(async (db) => {
      const { rows } = await db.query<{ table: string; privilege: string }>(
        `select t as table, p as privilege
         from unnest($2::text[]) t, unnest($3::text[]) p
         where has_table_privilege($1, format('public.%I', t), p)`,
        [role, tables, MAINTENANCE],
      )
      return rows
    })
    expect(held).toEqual([])
  })

  it.each(API_ROLES)('%s sees none of them in information_schema, asking as itself', async (role) => {
    const grants = await withPg(async (db) => {
      await db.query('begin')
      await db.query(`set local role ${role}`)
      const { rows } = await db.query<{ table_name: string; privilege_type: string }>(
        `select table_name, privilege_type from information_schema.table_privileges
         where table_schema = 'public' and grantee in (current_user, 'PUBLIC')
           and privilege_type in ('TRUNCATE', 'TRIGGER', 'REFERENCES')`,
      )
      await db.query('rollback')
      return rows
    })
    expect(grants).toEqual([])
  })

  it.each(API_ROLES)('%s cannot truncate a table', async (role) => {
    for (const table of ['page_views', 'tickets', 'ticket_messages', 'newsletter_subscribers']) {
      const error = await withPg(async (db) => {
        await db.query('begin')
        try {
          await db.query(`set local role ${role}`)
          await db.query(`truncate public.${table} cascade`)
          return null
        } catch (caught) {
          return caught as { code?: string }
        } finally {
          await db.query('rollback')
        }
      })
      expect([table, error?.code]).toEqual([table, '42501'])
    }
  })

  it('the rows they do work on keep their grants (row-level security decides; tickets by column)', async () => {
    const held = await withPg(async (db) => {
      const { rows } = await db.query<{ anon_reads: boolean; user_reads: boolean; user_inserts: boolean }>(
        `select has_table_privilege('anon', 'public.page_views', 'SELECT') as anon_reads,
                has_table_privilege('authenticated', 'public.tickets', 'SELECT') as user_reads,
                has_any_column_privilege('authenticated', 'public.tickets', 'INSERT') as user_inserts`,
      )
      return rows[0]
    })
    expect(held).toEqual({ anon_reads: true, user_reads: true, user_inserts: true })
  })

  it('a table the migration role creates later starts without them', async () => {
    const held = await withPg(async (db) => {
      await db.query('begin')
      try {
        await db.query('create table public.grants_test_future (id integer primary key)')
        const { rows } = await db.query<{ role: string; privilege: string }>(
          `select r as role, p as privilege
           from unnest($1::text[]) r, unnest($2::text[]) p
           where has_table_privilege(r, 'public.grants_test_future', p)`,
          [API_ROLES, MAINTENANCE],
        )
        return rows
      } finally {
        await db.query('rollback')
      }
    })
    expect(held).toEqual([])
  })
})
