// The declarative schema (supabase/schemas) and the migrations must describe the same database:
// a change made in one place only fails here, with the SQL that would bring the migrations level.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startThrowawayDatabase, type ThrowawayDatabase } from '@siyakha/local-supabase/throwaway-db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyFiles,
  diffDatabases,
  fingerprint,
  migrationFiles,
  migrationsDir,
  schemaFiles,
  schemasDir,
  supabaseDir,
} from './schema/declarative.ts'

let migrated: ThrowawayDatabase
let declared: ThrowawayDatabase

beforeAll(async () => {
  ;[migrated, declared] = await Promise.all([
    startThrowawayDatabase({ name: 'siyakha-drift-migrations' }),
    startThrowawayDatabase({ name: 'siyakha-drift-schemas' }),
  ])
  await Promise.all([applyFiles(migrated.url, migrationFiles()), applyFiles(declared.url, schemaFiles())])
}, 180_000)

afterAll(async () => {
  await Promise.all([migrated?.stop(), declared?.stop()])
})

describe('declarative schema', () => {
  it('the schema files and the migrations describe the same database, both ways', async () => {
    expect(schemaFiles().length).toBeGreaterThan(0)
    const missingFromMigrations = await diffDatabases(migrated.url, declared.url)
    expect(
      missingFromMigrations,
      'supabase/schemas has this and the migrations do not: npm run db:diff -- <name>',
    ).toBe('')
    const missingFromSchemas = await diffDatabases(declared.url, migrated.url)
    expect(missingFromSchemas, 'the migrations have this and supabase/schemas does not').toBe('')
    // A second opinion that does not rest on migra: the catalogs' own text of every definition.
    expect(await fingerprint(declared.url)).toEqual(await fingerprint(migrated.url))
  }, 60_000)

  it('a policy or a column grant changed in a schema file alone is reported, with the SQL to apply', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'siyakha-drift-copy-'))
    const changed = await startThrowawayDatabase({ name: 'siyakha-drift-changed' })
    try {
      cpSync(schemasDir, copy, { recursive: true })
      const file = path.join(copy, '20_conversation.sql')
      const original = readFileSync(file, 'utf8')
      const policy =
        /create policy "ticket_messages: update as staff"[^;]*using \(\(select private\.is_staff\(\)\)\)/
      const grant = 'update (metadata, status) on table public.ticket_messages to authenticated;'
      expect(original).toMatch(policy)
      expect(original).toContain(grant)
      writeFileSync(
        file,
        original
          .replace(policy, (text) => text.replace('using ((select private.is_staff()))', 'using (true)'))
          .replace(grant, 'update (status) on table public.ticket_messages to authenticated;'),
      )
      await applyFiles(changed.url, schemaFiles(copy))

      const diff = await diffDatabases(migrated.url, changed.url)
      expect(diff).toContain('drop policy "ticket_messages: update as staff" on "public"."ticket_messages";')
      expect(diff).toMatch(/create policy "ticket_messages: update as staff"[^;]*using \(true\)/)
      expect(diff).toContain('revoke update (metadata) on table public.ticket_messages from authenticated;')
      const lines = await fingerprint(changed.url)
      expect(lines).toContain(
        'policy public.ticket_messages ticket_messages: update as staff PERMISSIVE {authenticated} UPDATE using=true check=( SELECT private.is_staff() AS is_staff)',
      )
      expect(lines).not.toEqual(await fingerprint(migrated.url))
    } finally {
      await changed.stop()
      rmSync(copy, { recursive: true, force: true })
    }
  }, 120_000)

  it('npm run db:diff -- --check finds nothing to write while the two agree', async () => {
    const before = readdirSync(migrationsDir)
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'tests/schema/db-diff.ts', '--check'], {
      cwd: supabaseDir,
    })
    expect(stdout).toContain('No changes')
    expect(readdirSync(migrationsDir)).toEqual(before)
  }, 120_000)
})
