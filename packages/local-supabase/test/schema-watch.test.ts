import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadProjectConfig } from '../src/config/project.js'
import { migrate } from '../src/db/migrate.js'
import { type Database, startEmbeddedPostgres } from '../src/db/postgres.js'
import { watchSchema } from '../src/db/watch.js'
import type { Logger } from '../src/lib/log.js'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

describe('npm run dev: the schema watcher', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'local-supabase-watch-'))
  const supabaseDir = path.join(root, 'supabase')
  const typesOut = path.join(root, 'types.gen.ts')
  const warnings: string[] = []
  const log: Logger = {
    step: () => undefined,
    info: () => undefined,
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
    debug: () => undefined,
  }
  let db: Database

  beforeAll(async () => {
    cpSync(path.join(FIXTURES, 'supabase'), supabaseDir, { recursive: true })
    mkdirSync(path.join(supabaseDir, 'schemas'))
    db = await startEmbeddedPostgres({
      dataDir: path.join(root, 'data'),
      port: 40000 + Math.floor(Math.random() * 5000) * 5 + 3,
      host: '127.0.0.1',
      log,
    })
    await migrate({ url: db.url, supabaseDir, config: loadProjectConfig(supabaseDir), log })
  })
  afterAll(async () => {
    await db?.stop()
    rmSync(root, { recursive: true, force: true })
  })

  it('applies a new migration to the running database and writes the types again; an edited one is reported', async () => {
    const watcher = watchSchema({
      url: db.url,
      supabaseDir,
      config: loadProjectConfig(supabaseDir),
      log,
      typesOut,
      settleMs: 50,
    })
    try {
      const file = path.join(supabaseDir, 'migrations', '20990101000000_watched.sql')
      writeFileSync(
        file,
        'create table public.watched_things (id bigint primary key, label text not null);\n',
      )
      // The watcher hears of the file a moment after the write; idle() then waits for its run.
      await expect.poll(readTypes, { timeout: 10_000 }).toContain('watched_things')
      await watcher.idle()
      expect(warnings).toEqual([])
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      try {
        const { rows } = await client.query(
          "select column_name from information_schema.columns where table_name = 'watched_things' order by 1",
        )
        expect(rows.map((row) => row.column_name)).toEqual(['id', 'label'])
      } finally {
        await client.end()
      }
      expect(readTypes()).toMatch(/watched_things: \{\s+Row: \{\s+id: number\s+label: string/)

      writeFileSync(file, 'create table public.watched_things (id bigint primary key);\n')
      await expect
        .poll(() => warnings.join('\n'), { timeout: 10_000 })
        .toContain('20990101000000_watched.sql changed after it was applied')
      expect(warnings.join('\n')).toContain('npm run reset -w @siyakha/local-supabase')

      // A declarative schema file becomes a migration only through a diff the developer reviews.
      writeFileSync(
        path.join(supabaseDir, 'schemas', '50_watched.sql'),
        'create table public.watched_more (id int);\n',
      )
      await expect
        .poll(() => warnings.join('\n'), { timeout: 10_000 })
        .toContain('supabase/schemas changed: `npm run db:diff -w @siyakha/backend -- <name>`')
      await watcher.idle()
    } finally {
      watcher.close()
    }
  })

  function readTypes(): string {
    try {
      return readFileSync(typesOut, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
      throw error
    }
  }
})
