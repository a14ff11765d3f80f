#!/usr/bin/env node
// The local Supabase stack for the end-to-end tests: default ports (the builds point at them),
// a fresh database every run (migrations + seed.sql), removed again when the tests stop it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'siyakha-e2e-stack-'))
const cli = join(import.meta.dirname, '../packages/local-supabase/bin/local-supabase.mjs')
const child = spawn(process.execPath, [cli, 'start'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_FUNCTIONS_ENV_FILE: join(import.meta.dirname, '../tests/e2e/functions.env'),
    // Every test signs in from 127.0.0.1, dozens of times a run; the per-account limit still holds.
    LOCAL_SUPABASE_SIGN_IN_SIGN_UPS: '100000',
  },
})
const stop = (signal) => child.kill(signal)
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
