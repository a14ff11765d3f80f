// `npm run doctor` (scripts/doctor.mts) against the local stand-ins: this suite's stack and a Content
// Lake this file starts with the lake's own CLI. With the stack's URL and keys it passes; with a
// wrong anon key it fails and names that key, and only that; on a database that has Vault (played
// by hosted-stubs.ts) without the outbox's secrets, it names each secret and the missing schedule.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@siyakha/local-supabase/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keys, urls } from './helpers'
import { installHostedStubs, removeHostedStubs } from './hosted-stubs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const lakeData = mkdtempSync(path.join(tmpdir(), 'siyakha-doctor-lake-'))
let lake: ChildProcess | undefined
let lakeApi = ''

beforeAll(async () => {
  const [httpPort, tlsPort] = [await freePort(), await freePort()]
  lake = spawn(
    process.execPath,
    [path.join(root, 'packages/local-content-lake/bin/local-content-lake.mjs'), 'start'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOCAL_CONTENT_LAKE_DATA_DIR: lakeData,
        LOCAL_CONTENT_LAKE_HTTP_PORT: String(httpPort),
        LOCAL_CONTENT_LAKE_TLS_PORT: String(tlsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  lakeApi = await new Promise<string>((resolve, reject) => {
    lake?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const api = /API for Node clients:\s+(http:\/\/\S+)/.exec(output)?.[1]
      if (api) resolve(api)
    })
    lake?.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    lake?.once('exit', (code) => reject(new Error(`the lake exited (${code}): ${output}`)))
  })
}, 60_000)

afterAll(async () => {
  if (lake && lake.exitCode === null) {
    const exited = new Promise((resolve) => lake?.once('exit', resolve))
    lake.kill('SIGTERM')
    await exited
  }
  rmSync(lakeData, { recursive: true, force: true })
})

/** Runs the doctor as `npm run doctor` does; its exit code and output. */
function doctor(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/doctor.mts')],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NEXT_PUBLIC_SUPABASE_URL: urls.api,
          NEXT_PUBLIC_SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
          SANITY_API_HOST: lakeApi,
          ...env,
        },
        timeout: 90_000,
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0
        resolve({ code, output: `${stdout}${stderr}` })
      },
    )
  })
}

const failures = (output: string) => output.split('\n').filter((line) => line.startsWith('FAIL'))

describe('npm run doctor', () => {
  it('passes against the local stand-ins, having checked each piece', async () => {
    const { code, output } = await doctor({})
    expect(failures(output)).toEqual([])
    expect(code, output).toBe(0)
    expect(output).toContain('ok    NEXT_PUBLIC_SUPABASE_ANON_KEY: accepted, the anon key')
    expect(output).toContain('ok    SUPABASE_SERVICE_ROLE_KEY: accepted')
    expect(output).toContain('note  Vault: local stand-in: the outbox is driven by the stack')
    expect(output).toContain('ok    Storage: the ticket-attachments bucket exists')
    expect(output).toMatch(/ok {4}edge functions: all \d+ answer/)
    expect(output).toContain('ok    function secrets: all set')
    expect(output).toContain(`ok    content: local Content Lake ${lakeApi}, dataset production answers`)
  }, 120_000)

  it('fails with a wrong anon key, and names it', async () => {
    const wrong = `${keys.anonKey.slice(0, -4)}AAAA`
    const { code, output } = await doctor({ NEXT_PUBLIC_SUPABASE_ANON_KEY: wrong })
    expect(code, output).toBe(1)
    expect(failures(output)).toEqual(['FAIL  NEXT_PUBLIC_SUPABASE_ANON_KEY: the API refuses it (401)'])
    expect(output).not.toContain(wrong)
  }, 120_000)

  it('with Vault but without the outbox’s secrets and schedule, names each', async () => {
    await installHostedStubs()
    try {
      const { code, output } = await doctor({})
      expect(code, output).toBe(1)
      expect(failures(output)).toEqual([
        'FAIL  Vault secret project_url: missing (see docs/deploy.md): mail waits in the outbox',
        'FAIL  Vault secret outbox_worker_secret: missing (see docs/deploy.md): mail waits in the outbox',
        'FAIL  outbox schedule: pg_cron off, pg_net off, nudge trigger on',
      ])
    } finally {
      await removeHostedStubs()
    }
  }, 120_000)
})
