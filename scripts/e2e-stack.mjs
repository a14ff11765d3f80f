#!/usr/bin/env node
// A local stand-in for the end-to-end tests: `supabase` (default) or `content-lake`, on its default
// ports (the builds point at them), freshly seeded every run in a throwaway folder that is removed
// again when the tests stop it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const packages = join(import.meta.dirname, '../packages')
const STACKS = {
  supabase: (dataDir) => ({
    cli: join(packages, 'local-supabase/bin/local-supabase.mjs'),
    env: {
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_FUNCTIONS_ENV_FILE: join(import.meta.dirname, '../tests/e2e/functions.env'),
      // Every test signs in from 127.0.0.1, dozens of times a run; the per-account limit still holds.
      LOCAL_SUPABASE_SIGN_IN_SIGN_UPS: '100000',
    },
  }),
  // The site reads its content here, and the Studio tests edit it.
  'content-lake': (dataDir) => ({
    cli: join(packages, 'local-content-lake/bin/local-content-lake.mjs'),
    env: { LOCAL_CONTENT_LAKE_DATA_DIR: dataDir },
  }),
}

const name = process.argv[2] ?? 'supabase'
if (!(name in STACKS)) {
  console.error(`Unknown stack ${name}; one of ${Object.keys(STACKS).join(', ')}`)
  process.exit(1)
}
const dataDir = mkdtempSync(join(tmpdir(), `siyakha-e2e-${name}-`))
const { cli, env } = STACKS[name](dataDir)
const child = spawn(process.execPath, [cli, 'start'], { stdio: 'inherit', env: { ...process.env, ...env } })
const stop = (signal) => child.kill(signal)
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
