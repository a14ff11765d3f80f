#!/usr/bin/env node
// `npm start`: build what is not built yet, then serve the site on http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  SANITY_TELEMETRY_DISABLED: '1',
}
const sitePort = process.env.PORT ?? '3000'

// Turbo's cache makes an up-to-date build a no-op, so always asking it is cheap and never stale.
const hasBuild = existsSync(join(root, 'apps/site/.next/BUILD_ID'))
console.log(
  hasBuild ? 'Checking the build is up to date…' : 'First start: building the site (a few minutes)…',
)
const build = spawnSync(
  'npx',
  ['turbo', 'run', 'build', '--filter=@siyakha/site', '--output-logs=errors-only'],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
)
if (build.status !== 0) {
  console.error('The build failed; see the errors above.')
  process.exit(build.status || 1)
}

const site = spawn('npm', ['run', 'start', '-w', '@siyakha/site', '--', '--port', sitePort], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
})
console.log(
  `\n  Site    http://localhost:${sitePort}\n  Studio  npm run dev -w studio  (http://localhost:3333)\n`,
)

const stop = () => site.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
site.on('exit', (code) => process.exit(code ?? 0))
