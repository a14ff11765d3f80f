#!/usr/bin/env node
// The local Content Lake for the end-to-end tests: default ports (the builds point at them), a
// fresh copy of the seed every run, removed again when the tests stop it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'siyakha-e2e-lake-'))
const cli = join(import.meta.dirname, '../packages/local-content-lake/bin/local-content-lake.mjs')
const child = spawn(process.execPath, [cli, 'start'], {
  stdio: 'inherit',
  env: { ...process.env, LOCAL_CONTENT_LAKE_DATA_DIR: dataDir },
})
const stop = (signal) => child.kill(signal)
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
