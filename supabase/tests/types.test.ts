// The committed Database type must match the migrations: a migration without regenerated types
// fails here. Fix with `npm run gen:types -w @siyakha/supabase` (with the test stack's schema).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { urls } from './helpers'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const committed = path.join(repoRoot, 'packages/supabase/src/types.gen.ts')
const cli = path.join(repoRoot, 'packages/local-supabase/bin/local-supabase.mjs')

it('packages/supabase/src/types.gen.ts is what gen-types prints for the migrated database', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'gen-types', '--db-url', urls.db], {
    cwd: repoRoot,
    maxBuffer: 10 * 1024 * 1024,
  })
  expect(stdout).toContain('export type Database = {')
  expect(stdout, 'types.gen.ts is stale: run npm run gen:types -w @siyakha/supabase').toBe(
    readFileSync(committed, 'utf8'),
  )
})

it('the generated type covers every public table, enum and function', async () => {
  const text = readFileSync(committed, 'utf8')
  for (const table of [
    'user_roles',
    'companies',
    'company_members',
    'tickets',
    'ticket_messages',
    'support_requests',
    'quote_requests',
    'newsletter_subscribers',
    'page_views',
  ]) {
    expect(text).toMatch(new RegExp(`\\n      ${table}: \\{\\n        Row: \\{`))
  }
  expect(text).toContain(
    "ticket_status: 'new' | 'open' | 'waiting_on_customer' | 'on_hold' | 'resolved' | 'closed'",
  )
  expect(text).toMatch(
    /hit_page_view: \{\n\s+Args: \{ p_namespace: string; p_page_key: string \}\n\s+Returns: number/,
  )
})
