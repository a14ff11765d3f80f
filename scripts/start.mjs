#!/usr/bin/env node
// `npm start`: start the local Content Lake, build what is not built yet, start the local Supabase
// stack (PostgreSQL, Auth, REST, Functions, mailbox), the site and the portal, and print where
// everything is. A Sanity project or a Supabase project configured by env replaces its stand-in.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { localStackBanner } from './local-stack-banner.mjs'

const root = join(import.meta.dirname, '..')
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  SANITY_TELEMETRY_DISABLED: '1',
}
const apps = [
  { name: 'site', workspace: '@siyakha/site', port: process.env.SITE_PORT ?? '3000' },
  ...(existsSync(join(root, 'apps/portal/package.json'))
    ? [{ name: 'portal', workspace: '@siyakha/portal', port: process.env.PORTAL_PORT ?? '3001' }]
    : []),
]
const useLocalStack = !process.env.NEXT_PUBLIC_SUPABASE_URL
const useLocalLake = !process.env.SANITY_PROJECT_ID
const LAKE_HTTP = 'http://127.0.0.1:54341'
const lakeCli = join(root, 'packages/local-content-lake/bin/local-content-lake.mjs')

const children = []
const run = (command, args, extraEnv = {}) => {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, ...extraEnv },
  })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${args.join(' ')} stopped (${signal ?? code}); stopping everything.`)
      shutdown(code || 1)
    }
  })
  return child
}

let stopping = false
function shutdown(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3000).unref()
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

async function waitFor(url, what) {
  for (let i = 0; i < 120; i++) {
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  console.error(`${what} did not come up at ${url}`)
  shutdown(1)
}

// The site's build reads its pages' content from the lake, so the lake comes first.
if (useLocalLake) {
  run(process.execPath, [lakeCli, 'start'])
  await waitFor(`${LAKE_HTTP}/v1/ping`, 'The local Content Lake')
}

// Turbo's cache makes an up-to-date build a no-op, so asking it every time is cheap and never stale.
console.log('Checking the builds are up to date (the first start builds everything: a few minutes)…')
const workspaces = [...apps.map((a) => a.workspace), ...(useLocalLake ? ['@siyakha/studio'] : [])]
const build = spawnSync(
  'npx',
  ['turbo', 'run', 'build', ...workspaces.map((w) => `--filter=${w}`), '--output-logs=errors-only'],
  { cwd: root, stdio: 'inherit', env },
)
if (build.status !== 0) {
  console.error('The build failed; see the errors above.')
  shutdown(build.status || 1)
  await new Promise(() => {})
}

if (useLocalStack) {
  run(process.execPath, [join(root, 'packages/local-supabase/bin/local-supabase.mjs'), 'start'])
  await waitFor('http://127.0.0.1:54324/', 'The local Supabase stack')
}
for (const app of apps) run('npm', ['run', 'start', '-w', app.workspace], { PORT: app.port })
await Promise.all(apps.map((a) => waitFor(`http://localhost:${a.port}/robots.txt`, a.name)))
if (useLocalLake) {
  // A build from the cache shows the content of its day; edits made since are fetched again.
  spawnSync(process.execPath, [lakeCli, 'revalidate'], { cwd: root, stdio: 'inherit', env })
}

console.log(`
  Site      http://localhost:${apps[0]?.port}
${apps[1] ? `  Portal    http://localhost:${apps[1].port}/auth  (also at http://localhost:${apps[0]?.port}/auth)\n` : ''}${
  useLocalStack ? localStackBanner({ api: 54321, mailbox: 54324, graph: 54330 }) : ''
}${
  useLocalLake
    ? `  Studio    https://localhost:54340   (the local Content Lake; trust its certificate once, as printed above)
  Content   npm run content:export writes the lake's content into studio/seed/; npm run content:reset goes back to it
`
    : ''
}`)
