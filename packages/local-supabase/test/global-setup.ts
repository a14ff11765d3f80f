import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { type RunningStack, silentLogger, startStack } from '../src/index.js'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

declare module 'vitest' {
  export interface ProvidedContext {
    stack: Pick<RunningStack, 'urls' | 'keys'>
  }
}

let stack: RunningStack | undefined
let dataDir: string | undefined

/** One stack per run, on non-default ports and a throwaway data dir, so a dev stack can keep running. */
export async function setup(project: TestProject): Promise<void> {
  // .env files are git-ignored; the fixture's is written here so a fresh clone has it.
  writeFileSync(path.join(FIXTURES, 'supabase/functions/.env'), 'FIXTURE_SECRET=from-dotenv\n')
  dataDir = mkdtempSync(path.join(tmpdir(), 'local-supabase-test-'))
  const base = 40000 + Math.floor(Math.random() * 500) * 10
  stack = await startStack({
    rootDir: FIXTURES,
    dataDir,
    ports: { api: base + 1, db: base + 2, mailbox: base + 4, smtp: base + 5 },
    log: process.env.LOCAL_SUPABASE_DEBUG ? undefined : silentLogger,
    config: {
      // Every test signs in from 127.0.0.1; test/auth-hardening.test.ts checks the limit itself.
      auth: {
        refresh_token_reuse_interval: 1,
        email: { max_frequency: 2 },
        rate_limit: { sign_in_sign_ups: 100_000 },
      },
    },
  })
  project.provide('stack', { urls: stack.urls, keys: stack.keys })
}

export async function teardown(): Promise<void> {
  await stack?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
