import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RunningStack, silentLogger, startStack } from '@siyakha/local-supabase'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: Pick<RunningStack, 'urls' | 'keys'>
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let stack: RunningStack | undefined
let dataDir: string | undefined

/**
 * The real project (supabase/config.toml, migrations, seed.sql, functions) on the local stack,
 * on throwaway ports and data, so a running dev stack is left alone.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'siyakha-backend-test-'))
  const base = 41000 + Math.floor(Math.random() * 400) * 10
  stack = await startStack({
    rootDir: repoRoot,
    dataDir,
    ports: { api: base + 1, db: base + 2, mailbox: base + 4, smtp: base + 5 },
    log: process.env.LOCAL_SUPABASE_DEBUG ? undefined : silentLogger,
    // Every test signs in from 127.0.0.1; the per-address limit has its own test.
    config: { auth: { rate_limit: { sign_in_sign_ups: 100_000 } } },
  })
  project.provide('stack', { urls: stack.urls, keys: stack.keys })
}

export async function teardown(): Promise<void> {
  await stack?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
