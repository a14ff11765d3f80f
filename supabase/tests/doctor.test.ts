// `npm run doctor` (scripts/doctor.mts) against the local stand-ins: this suite's stack and a Content
// Lake the lake's own `run` command starts for it. With the stack's URL and keys it passes; with a
// wrong anon key it fails and names that key, and only that.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { keys, urls } from './helpers'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const lakeData = mkdtempSync(path.join(tmpdir(), 'siyakha-doctor-lake-'))

afterAll(() => {
  rmSync(lakeData, { recursive: true, force: true })
})

/** Runs the doctor inside `local-content-lake run` (which sets SANITY_API_HOST); its exit code and output. */
function doctor(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        path.join(root, 'packages/local-content-lake/bin/local-content-lake.mjs'),
        'run',
        '--',
        path.join(root, 'node_modules/.bin/tsx'),
        path.join(root, 'scripts/doctor.mts'),
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOCAL_CONTENT_LAKE_DATA_DIR: lakeData,
          NEXT_PUBLIC_SUPABASE_URL: urls.api,
          NEXT_PUBLIC_SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
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
    expect(output).toMatch(
      /ok {4}content: local Content Lake http:\/\/127\.0\.0\.1:\d+, dataset production answers \(\d+ documents\)/,
    )
  }, 120_000)

  it('fails with a wrong anon key, and names it', async () => {
    const wrong = `${keys.anonKey.slice(0, -4)}AAAA`
    const { code, output } = await doctor({ NEXT_PUBLIC_SUPABASE_ANON_KEY: wrong })
    expect(code, output).toBe(1)
    expect(failures(output)).toEqual(['FAIL  NEXT_PUBLIC_SUPABASE_ANON_KEY: the API refuses it (401)'])
    expect(output).not.toContain(wrong)
  }, 120_000)
})
