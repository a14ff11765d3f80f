#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest. The production
// build is made once and the end-to-end tests run against it.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const steps = [
  ['Lint and format (Biome)', 'npx', ['biome', 'ci', '.']],
  ['Typecheck', 'npx', ['turbo', 'run', 'typecheck']],
  ['Studio schema and seed dataset', 'npm', ['run', 'check', '-w', 'studio']],
  ['Unit and contract tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1']],
  ['Production build', 'npx', ['turbo', 'run', 'build']],
  ['End-to-end tests (Chromium, production build)', 'npm', ['run', 'e2e', '-w', 'tests']],
]

// The site is built from the seed, whatever the developer's own Content Lake holds (.data/).
const testLake = join(tmpdir(), 'siyakha-test-content-lake')
rmSync(testLake, { recursive: true, force: true })
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  SANITY_TELEMETRY_DISABLED: '1',
  LOCAL_CONTENT_LAKE_DATA_DIR: testLake,
}
const started = Date.now()
for (const [name, command, args] of steps) {
  const t0 = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal})`)
    process.exit(result.status || 1)
  }
  console.log(`✔ ${name} (${seconds}s)`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`)
