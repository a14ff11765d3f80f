import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run dev` as a developer runs it, on free ports and throwaway data: every service answers,
// a demo login signs in to the portal, an edited page and an edited edge function show without a
// restart, and Ctrl-C leaves no process behind. The page and the function are new files made for
// the test (removed again), so no file of the product is touched.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const probe = `dev-loop-probe-${process.pid}`
const pagePath = path.join(ROOT, 'apps/site/app', probe, 'page.tsx')
const functionPath = path.join(ROOT, 'supabase/functions', probe, 'index.ts')
const dataDir = mkdtempSync(path.join(tmpdir(), 'siyakha-dev-loop-'))

afterAll(() => {
  rmSync(path.dirname(pagePath), { recursive: true, force: true })
  rmSync(path.dirname(functionPath), { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** Every process below `pid`, found through their parents (the services run in groups of their own). */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const found: number[] = []
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid !== parent) continue
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    throw error
  }
}

/** Polls `read` until `check` holds; the elapsed milliseconds (for the figures in the log). */
async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  seconds: number,
): Promise<number> {
  const started = Date.now()
  let last: T | undefined
  while (Date.now() - started < seconds * 1000) {
    try {
      last = await read()
      if (check(last)) return Date.now() - started
    } catch (error) {
      // A server compiling or restarting refuses the connection for a moment.
      if (!(error instanceof TypeError)) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`still not there after ${seconds}s; last: ${String(last).slice(0, 300)}`)
}

/** Signs in through the portal's own form, posted as a browser without scripts posts it. */
async function signIn(portal: string, email: string): Promise<string> {
  const html = await (await fetch(`${portal}/auth`)).text()
  const at = html.indexOf('id="auth-form"')
  expect(at).toBeGreaterThan(0)
  const form = html.slice(html.lastIndexOf('<form', at), html.indexOf('</form>', at))
  const body = new FormData()
  for (const [, tag] of form.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(tag ?? '')?.[1]
    if (!name) continue
    const value = /value="([^"]*)"/.exec(tag ?? '')?.[1] ?? ''
    body.append(name, value.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))
  }
  body.set('email', email)
  body.set('password', 'Password123!')
  body.set('intent', 'signin')
  const response = await fetch(`${portal}/auth`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: portal },
  })
  expect(response.status).toBe(303)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

describe('npm run dev', () => {
  it('names a port something else holds, and the variable that moves it, instead of failing on it', async () => {
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const held = (holder.address() as { port: number }).port
    try {
      const run = spawn('npm', ['run', 'dev'], {
        cwd: ROOT,
        env: { ...process.env, PORTAL_PORT: String(held), SITE_PORT: String(await freePort()) },
      })
      let stderr = ''
      run.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
      })
      const code = await new Promise((resolve) => run.once('exit', resolve))
      expect(code).toBe(1)
      expect(stderr).toContain('Something already listens on')
      expect(stderr).toContain(`${held} (PORTAL_PORT)`)
    } finally {
      holder.close()
    }
  })

  it('runs every service on free ports; a page and an edge function change without a restart; Ctrl-C leaves nothing', async () => {
    const names = [
      'SITE_PORT',
      'PORTAL_PORT',
      'STUDIO_PORT',
      'LOCAL_SUPABASE_API_PORT',
      'LOCAL_SUPABASE_DB_PORT',
      'LOCAL_SUPABASE_MAIL_PORT',
      'LOCAL_SUPABASE_SMTP_PORT',
      'LOCAL_SUPABASE_GRAPH_PORT',
      'LOCAL_CONTENT_LAKE_TLS_PORT',
      'LOCAL_CONTENT_LAKE_HTTP_PORT',
    ] as const
    const ports = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await freePort()])),
    ) as Record<(typeof names)[number], number>
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      LOCAL_SUPABASE_DATA_DIR: path.join(dataDir, 'supabase'),
      LOCAL_CONTENT_LAKE_DATA_DIR: path.join(dataDir, 'lake'),
    }
    for (const name of [
      'NEXT_PUBLIC_SUPABASE_URL',
      'SANITY_PROJECT_ID',
      'NEXT_PUBLIC_SITE_URL',
      'NEXT_PUBLIC_PORTAL_URL',
    ])
      delete env[name]
    const site = `http://localhost:${ports.SITE_PORT}`
    const portal = `http://localhost:${ports.PORTAL_PORT}`
    const api = `http://127.0.0.1:${ports.LOCAL_SUPABASE_API_PORT}`

    const started = Date.now()
    let output = ''
    // A group of its own, as a terminal's foreground job is: Ctrl-C is SIGINT to the whole group.
    const dev: ChildProcess = spawn('npm', ['run', 'dev'], { cwd: ROOT, env, detached: true })
    dev.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    dev.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise((resolve) => dev.once('exit', resolve))
    const pid = dev.pid as number
    const figures: Record<string, number> = {}
    try {
      figures.ready = await until(
        async () => output,
        (text) => text.includes('Development mode, ready') || dev.exitCode !== null,
        300,
      )
      expect(output).toContain('Development mode, ready')
      for (const line of [
        'Demo logins',
        'agent@siyakha.example',
        `${portal}/auth`,
        `http://localhost:${ports.STUDIO_PORT}`,
      ])
        expect(output).toContain(line)

      // A second one in the same checkout says so, whatever ports it is given.
      const second = spawn('npm', ['run', 'dev'], {
        cwd: ROOT,
        env: { ...env, SITE_PORT: String(await freePort()) },
      })
      let secondOutput = ''
      second.stderr?.on('data', (chunk: Buffer) => {
        secondOutput += chunk.toString()
      })
      const secondCode = await new Promise((resolve) => second.once('exit', resolve))
      expect(secondCode).not.toBe(0)
      expect(secondOutput).toContain('npm run dev is already running in this checkout')

      // Every service answers.
      const ping = await fetch(`http://127.0.0.1:${ports.LOCAL_CONTENT_LAKE_HTTP_PORT}/v1/ping`)
      expect(ping.status).toBe(200)
      const health = await fetch(`${api}/auth/v1/health`, { headers: { apikey: ANON_KEY } })
      expect(health.status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${ports.LOCAL_SUPABASE_MAIL_PORT}/`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${ports.LOCAL_SUPABASE_GRAPH_PORT}/`)).status).toBe(200)
      const studio = await fetch(`http://localhost:${ports.STUDIO_PORT}/`)
      expect(studio.status).toBe(200)
      expect(await studio.text()).toContain('<div id="sanity">')

      // The portal signs a demo login in against the dev stack.
      const cookie = await signIn(portal, 'agent@siyakha.example')
      const session = await fetch(`${portal}/auth/session`, { headers: { cookie } })
      expect(await session.json()).toEqual({ signedIn: true })

      // A page: the first visit compiles it, an edit shows on the next load.
      mkdirSync(path.dirname(pagePath), { recursive: true })
      const page = (word: string) =>
        `export default function Probe() {\n  return <p data-probe="${word}">probe ${word}</p>\n}\n`
      writeFileSync(pagePath, page('first'))
      const readPage = async () => (await fetch(`${site}/${probe}`)).text()
      figures.pageFirstLoad = await until(readPage, (html) => html.includes('data-probe="first"'), 240)
      writeFileSync(pagePath, page('second'))
      figures.pageEdit = await until(readPage, (html) => html.includes('data-probe="second"'), 60)

      // An edge function: the call after the save runs the saved code.
      mkdirSync(path.dirname(functionPath), { recursive: true })
      const fn = (word: string) => `Deno.serve(() => new Response('${word}'))\n`
      const call = async () =>
        (
          await fetch(`${api}/functions/v1/${probe}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${ANON_KEY}` },
          })
        ).text()
      writeFileSync(functionPath, fn('first'))
      expect(await call()).toBe('first')
      writeFileSync(functionPath, fn('second'))
      const editedAt = Date.now()
      expect(await call()).toBe('second')
      figures.functionEdit = Date.now() - editedAt
    } finally {
      const tree = descendants(pid)
      if (alive(pid)) process.kill(-pid, 'SIGINT')
      const ended = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
      ])
      // npm itself ends on the signal; what it ran stops its services, so wait for the last of them.
      const stoppedIn = await until(
        async () => tree.filter(alive),
        (left) => left.length === 0,
        30,
      ).catch(() => -1)
      console.log(
        `npm run dev: ready ${figures.ready}ms, page first load ${figures.pageFirstLoad}ms, page edit ${figures.pageEdit}ms, function edit ${figures.functionEdit}ms, stopped in ${stoppedIn}ms, total ${Date.now() - started}ms`,
      )
      expect(ended).not.toBe('timeout')
      expect(tree.filter(alive)).toEqual([])
      for (const port of Object.values(ports)) expect(await listening(port)).toBe(false)
      expect(existsSync(path.join(ROOT, 'node_modules/.cache/siyakha-dev.json'))).toBe(false)
      expect(output).toContain('Stopping everything')
    }
  })
})
