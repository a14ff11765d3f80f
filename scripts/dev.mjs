#!/usr/bin/env node
// `npm run dev`: everything `npm start` runs, in development mode: the local Supabase stack (with
// its mailbox and WhatsApp stand-in), the local Content Lake, the site and the portal under
// `next dev`, and the Studio under `sanity dev`; then the URLs and demo logins. A change shows
// without a restart: pages and components hot-reload, an edge function's next call runs the saved
// code, a new migration is applied to the running database (and types.gen.ts written again), a
// Studio schema change writes the GROQ types again. Ctrl-C stops all of it.
//
// A script, not `turbo run dev`: each app needs its own PORT (turbo gives every task one
// environment), the URLs are printed once everything answers, and stopping ends every process
// group it started, whatever a tool in it does with the signal.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { localStackBanner } from './local-stack-banner.mjs'

const root = join(import.meta.dirname, '..')
const startedAt = Date.now()

const port = (name, fallback) => {
  const value = process.env[name] ?? String(fallback)
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`${name}=${value} is not a port number.`)
    process.exit(2)
  }
  return Number(value)
}
const ports = {
  site: port('SITE_PORT', 3000),
  portal: port('PORTAL_PORT', 3001),
  studio: port('STUDIO_PORT', 3333),
  api: port('LOCAL_SUPABASE_API_PORT', 54321),
  db: port('LOCAL_SUPABASE_DB_PORT', 54322),
  mailbox: port('LOCAL_SUPABASE_MAIL_PORT', 54324),
  smtp: port('LOCAL_SUPABASE_SMTP_PORT', 54325),
  graph: port('LOCAL_SUPABASE_GRAPH_PORT', 54330),
  lakeTls: port('LOCAL_CONTENT_LAKE_TLS_PORT', 54340),
  lakeHttp: port('LOCAL_CONTENT_LAKE_HTTP_PORT', 54341),
}
const useLocalStack = !process.env.NEXT_PUBLIC_SUPABASE_URL
const useLocalLake = !process.env.SANITY_PROJECT_ID
const siteUrl = process.env.NEXT_PUBLIC_SITE_URL || `http://localhost:${ports.site}`
const portalUrl = process.env.NEXT_PUBLIC_PORTAL_URL || `http://localhost:${ports.portal}`
const studioUrl = `http://localhost:${ports.studio}`

// One `npm run dev` per checkout: two `next dev` in one app folder share its .next/ and refuse.
const lockFile = join(root, 'node_modules/.cache/siyakha-dev.json')
function runningDev() {
  let held
  try {
    held = JSON.parse(readFileSync(lockFile, 'utf8'))
  } catch (error) {
    if (error.code === 'ENOENT' || error instanceof SyntaxError) return undefined
    throw error
  }
  try {
    process.kill(held.pid, 0)
    return held
  } catch (error) {
    if (error.code === 'ESRCH') return undefined
    throw error
  }
}
const held = runningDev()
if (held) {
  console.error(
    `npm run dev is already running in this checkout (pid ${held.pid}, since ${held.startedAt}):\n` +
      `  Site ${held.siteUrl}   Portal ${held.portalUrl}/auth   Studio ${held.studioUrl}\n` +
      'Use that one, or stop it (Ctrl-C in its terminal) first.',
  )
  process.exit(1)
}

const listening = (p) =>
  new Promise((resolve) => {
    const socket = connect({ port: p, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
const wanted = [
  ['SITE_PORT', ports.site],
  ['PORTAL_PORT', ports.portal],
  ...(useLocalLake
    ? [
        ['STUDIO_PORT', ports.studio],
        ['LOCAL_CONTENT_LAKE_TLS_PORT', ports.lakeTls],
        ['LOCAL_CONTENT_LAKE_HTTP_PORT', ports.lakeHttp],
      ]
    : []),
  ...(useLocalStack
    ? [
        ['LOCAL_SUPABASE_API_PORT', ports.api],
        ['LOCAL_SUPABASE_DB_PORT', ports.db],
        ['LOCAL_SUPABASE_MAIL_PORT', ports.mailbox],
        ['LOCAL_SUPABASE_SMTP_PORT', ports.smtp],
        ['LOCAL_SUPABASE_GRAPH_PORT', ports.graph],
      ]
    : []),
]
const taken = []
for (const [name, p] of wanted) if (await listening(p)) taken.push(`${p} (${name})`)
if (taken.length) {
  console.error(
    `Something already listens on ${taken.join(', ')}: \`npm start\`, or a stand-in started on its own?\n` +
      'Stop it, or give npm run dev other ports through the variables named.',
  )
  process.exit(1)
}
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
writeFileSync(
  lockFile,
  JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), siteUrl, portalUrl, studioUrl }),
)

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  SANITY_TELEMETRY_DISABLED: '1',
  NEXT_PUBLIC_SITE_URL: siteUrl,
  NEXT_PUBLIC_PORTAL_URL: portalUrl,
  ...(useLocalStack ? { NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${ports.api}` } : {}),
  ...(useLocalLake
    ? {
        SANITY_API_HOST: `http://127.0.0.1:${ports.lakeHttp}`,
        LOCAL_CONTENT_LAKE_SITE_URL: process.env.LOCAL_CONTENT_LAKE_SITE_URL || siteUrl,
        LOCAL_CONTENT_LAKE_CORS_ORIGINS: [studioUrl, process.env.LOCAL_CONTENT_LAKE_CORS_ORIGINS]
          .filter(Boolean)
          .join(','),
        // The Studio under `sanity dev` is plain HTTP; it reaches the lake's TLS origin by name.
        SANITY_STUDIO_API_HOST: process.env.SANITY_STUDIO_API_HOST || `https://localhost:${ports.lakeTls}`,
      }
    : {}),
  ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
}

/** Each service runs in a process group of its own, so stopping reaches every process it started. */
const services = []
let stopping = false
function run(name, command, args, extraEnv = {}, cwd = root) {
  const child = spawn(command, args, {
    cwd,
    env: { ...env, ...extraEnv },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const label = `${name.padEnd(8)}│ `
  for (const stream of [child.stdout, child.stderr]) {
    let partial = ''
    stream.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) process.stdout.write(`${label}${line}\n`)
    })
  }
  const service = { name, child, exited: new Promise((resolve) => child.once('exit', resolve)) }
  child.once('exit', (code, signal) => {
    if (stopping) return
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping everything.`)
    void shutdown(1)
  })
  services.push(service)
  return service
}

const signalGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal)
  } catch (error) {
    if (error.code !== 'ESRCH') throw error
  }
}

async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  typegenWatcher?.close()
  console.log('\nStopping everything…')
  // The stand-ins stop their own children (PostgreSQL, Deno workers) in order on SIGTERM; the group
  // is killed afterwards for whatever outlived that.
  for (const { child } of services) signalGroup(child.pid, 'SIGTERM')
  const timeout = new Promise((resolve) => setTimeout(resolve, 15_000))
  await Promise.race([Promise.all(services.map((s) => s.exited)), timeout])
  for (const { child } of services) signalGroup(child.pid, 'SIGKILL')
  rmSync(lockFile, { force: true })
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))
process.on('SIGHUP', () => void shutdown(0))

async function waitForPort(name, p, seconds = 180) {
  for (let i = 0; i < seconds * 4; i++) {
    if (stopping) return
    if (await listening(p)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  console.error(`${name} did not listen on ${p} within ${seconds}s.`)
  await shutdown(1)
}

// A Studio schema change writes the GROQ result types again (packages/content/src/sanity.types.ts),
// one run at a time; changes made during a run start one more.
let typegenWatcher
function watchStudioSchema() {
  let timer
  let busy = false
  let again = false
  const typegen = () => {
    if (busy) {
      again = true
      return
    }
    busy = true
    const child = spawn('npm', ['run', 'typegen', '-w', 'studio'], { cwd: root, env, stdio: 'ignore' })
    console.log('typegen │ Studio schema changed: writing the GROQ types again (npm run typegen -w studio)…')
    child.once('exit', (exitCode) => {
      busy = false
      console.log(
        exitCode === 0
          ? 'typegen │ packages/content/src/sanity.types.ts is up to date.'
          : `typegen │ npm run typegen -w studio failed (exit ${exitCode}); run it to see why.`,
      )
      if (again) {
        again = false
        typegen()
      }
    })
  }
  typegenWatcher = watch(join(root, 'studio/schemaTypes'), { recursive: true }, () => {
    clearTimeout(timer)
    timer = setTimeout(typegen, 500)
  })
}

if (useLocalStack) {
  run('supabase', process.execPath, [
    join(root, 'packages/local-supabase/bin/local-supabase.mjs'),
    'dev',
    '--types-out',
    join(root, 'packages/supabase/src/types.gen.ts'),
  ])
}
if (useLocalLake) {
  run('lake', process.execPath, [
    join(root, 'packages/local-content-lake/bin/local-content-lake.mjs'),
    'start',
  ])
}
run('site', 'npm', ['run', 'dev', '-w', '@siyakha/site'], { PORT: String(ports.site) })
run('portal', 'npm', ['run', 'dev', '-w', '@siyakha/portal'], { PORT: String(ports.portal) })
if (useLocalLake) {
  run('studio', 'npx', ['sanity', 'dev', '--port', String(ports.studio)], {}, join(root, 'studio'))
  watchStudioSchema()
}

await Promise.all([
  ...(useLocalStack ? [waitForPort('The local Supabase stack', ports.api)] : []),
  ...(useLocalLake
    ? [waitForPort('The local Content Lake', ports.lakeHttp), waitForPort('The Studio', ports.studio)]
    : []),
  waitForPort('The site', ports.site),
  waitForPort('The portal', ports.portal),
])
if (stopping) await new Promise(() => {})

console.log(`
  Development mode, ready in ${((Date.now() - startedAt) / 1000).toFixed(0)}s (each page compiles on its first visit)

  Site      ${siteUrl}
  Portal    ${portalUrl}/auth  (also at ${siteUrl}/auth)
${useLocalStack ? localStackBanner(ports) : ''}${
  useLocalLake
    ? `  Studio    ${studioUrl}   (sanity dev, editing the local Content Lake at https://localhost:${ports.lakeTls}: trust its certificate once, as printed above)
`
    : ''
}
  Changes show without a restart: pages and components hot-reload; an edge function's next call
  runs the saved code; a new file in supabase/migrations is applied to the running database and
  packages/supabase/src/types.gen.ts written again (an edited applied migration needs a reset: stop,
  then npm run reset -w @siyakha/local-supabase); a Studio schema change writes the GROQ types
  again; the site reads the lake's content on every request. Ctrl-C stops everything.
`)
