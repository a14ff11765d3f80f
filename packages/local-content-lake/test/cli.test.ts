import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, describe, expect, it } from 'vitest'
import { lockPath } from '../src/lock.js'
import { startTestLake } from '../src/testing.js'

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/local-content-lake.mjs')
const dataDir = mkdtempSync(path.join(tmpdir(), 'lake-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const reserved = (port: number) => port === 3000 || port === 3001 || (port >= 54321 && port <= 54341)

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    if (!reserved(port)) return port
  }
}

interface Result {
  code: number | null
  stdout: string
  stderr: string
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      LOCAL_CONTENT_LAKE_DATA_DIR: dataDir,
      LOCAL_CONTENT_LAKE_TLS_PORT: String(await freePort()),
      LOCAL_CONTENT_LAKE_HTTP_PORT: String(await freePort()),
      LOCAL_CONTENT_LAKE_SITE_URL: 'http://127.0.0.1:9',
      ...env,
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk
  })
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, stdout, stderr }
}

/** Prints the SANITY_API_HOST it was given; exits with 3 if a lake answers there, 4 if none was given, else 1. */
const PROBE = [
  'node',
  '-e',
  "const host = process.env.SANITY_API_HOST; console.log('host=' + host); if (!host) process.exit(4); fetch(host + '/v1/ping').then((r) => process.exit(r.ok ? 3 : 1), () => process.exit(1))",
]

describe('the CLI', () => {
  it('run starts a lake for the command, passes its exit code and stops the lake', async () => {
    const result = await cli(['run', '--', ...PROBE])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(3)
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })

  it('run uses the lake already running on the data dir', async () => {
    const lake = await startTestLake()
    try {
      const result = await cli(['run', '--', ...PROBE], { LOCAL_CONTENT_LAKE_DATA_DIR: lake.dataDir })
      expect(result.code).toBe(3)
      expect(result.stdout).toContain(`host=${lake.httpUrl}`)
    } finally {
      await lake.dispose()
    }
  })

  it('run starts nothing when a Sanity project is configured', async () => {
    const result = await cli(['run', '--', ...PROBE], { SANITY_PROJECT_ID: 'abc123' })
    expect(result.code).toBe(4)
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })

  it('status tells whether a lake runs on the data dir', async () => {
    expect((await cli(['status'])).code).toBe(1)
    const lake = await startTestLake({ dataDir })
    try {
      const result = await cli(['status'])
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(`pid ${process.pid}`)
      expect(result.stdout).toContain(lake.httpUrl)
      const refused = await cli(['reset'])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/running/)
    } finally {
      await lake.close()
    }
    expect((await cli(['reset'])).code).toBe(0)
  })

  it('export of an unedited lake leaves the seed as it is', async () => {
    const result = await cli(['export'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Exported \d+ documents: 0 files written, 0 removed, \d+ unchanged\./)
    expect(result.stdout).toMatch(/dataset up to date|dataset\.ndjson/)
  })

  it('revalidate asks the site to refresh every content type, signed', async () => {
    const received: { type: string; valid: boolean }[] = []
    const site = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk
      })
      req.on('end', async () => {
        const signature = String(req.headers[SIGNATURE_HEADER_NAME] ?? '')
        received.push({
          type: (JSON.parse(body) as { _type: string })._type,
          valid: await isValidSignature(body, signature, 'cli-secret'),
        })
        res.writeHead(200).end('{}')
      })
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    const lake = await startTestLake({ dataDir })
    try {
      const { port } = site.address() as AddressInfo
      const result = await cli(['revalidate'], {
        LOCAL_CONTENT_LAKE_SITE_URL: `http://127.0.0.1:${port}`,
        SANITY_REVALIDATE_SECRET: 'cli-secret',
      })
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      const types = received.map((r) => r.type).sort()
      expect(types).toEqual(expect.arrayContaining(['page', 'post', 'service', 'siteSettings']))
      expect(types.some((type) => type.startsWith('sanity.'))).toBe(false)
      expect(new Set(types).size).toBe(types.length)
      expect(received.every((r) => r.valid)).toBe(true)
    } finally {
      await lake.close()
      await new Promise((resolve) => site.close(resolve))
    }
  })

  it('start runs until SIGTERM and then closes cleanly', async () => {
    const httpPort = await freePort()
    const child = spawn(process.execPath, [BIN, 'start'], {
      env: {
        ...process.env,
        LOCAL_CONTENT_LAKE_DATA_DIR: dataDir,
        LOCAL_CONTENT_LAKE_TLS_PORT: String(await freePort()),
        LOCAL_CONTENT_LAKE_HTTP_PORT: String(httpPort),
        LOCAL_CONTENT_LAKE_SITE_URL: 'http://127.0.0.1:9',
      },
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    for (let i = 0; i < 100 && !stdout.includes('Node clients'); i++)
      await new Promise((r) => setTimeout(r, 100))
    expect(stdout).toContain(`http://127.0.0.1:${httpPort}`)
    const ping = await fetch(`http://127.0.0.1:${httpPort}/v1/ping`)
    expect(ping.status).toBe(200)
    child.kill('SIGTERM')
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(0)
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })
})
