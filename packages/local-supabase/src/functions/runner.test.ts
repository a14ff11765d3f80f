import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadProjectConfig } from '../config/project.js'
import { silentLogger } from '../lib/log.js'
import { createFunctionsService } from './runner.js'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A functions service with one function, `hello`, in a folder of its own, served over HTTP. */
async function serviceWithHello() {
  const root = mkdtempSync(path.join(tmpdir(), 'local-supabase-runner-'))
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))
  const functionsDir = path.join(root, 'functions')
  mkdirSync(path.join(functionsDir, 'hello'), { recursive: true })
  writeFileSync(path.join(functionsDir, 'hello', 'index.ts'), "Deno.serve(() => new Response('hello'))\n")
  const functions = createFunctionsService({
    functionsDir,
    config: loadProjectConfig(root, { functions: { hello: { verify_jwt: false } } }),
    env: {},
    dataDir: path.join(root, 'data'),
    log: silentLogger,
  })
  // Its Deno workers outlive the test otherwise (closing twice is fine).
  cleanups.push(() => functions.close())
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    void functions.handle(req, res, url.pathname, url, Buffer.alloc(0))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const call = () => fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hello`)
  /** The Deno processes running this service's function. */
  const processes = () =>
    execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(path.join(functionsDir, 'hello', 'index.ts')))
  return { functions, functionsDir, call, processes }
}

describe('functions service', () => {
  it('stopping ends every Deno process it started and starts no more', async () => {
    const running = await serviceWithHello()
    expect(await (await running.call()).text()).toBe('hello')
    expect(running.processes()).toHaveLength(1)
    await running.functions.close()
    expect(running.processes()).toEqual([])

    // A call that arrives while the stack stops (the outbox driver's, a stand-in's webhook) and one
    // that is starting its function then get a 503 and leave no process behind.
    const stopping = await serviceWithHello()
    const booting = stopping.call()
    await stopping.functions.close()
    const late = await stopping.call()
    expect([(await booting).status, late.status]).toEqual([503, 503])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stopping.processes()).toEqual([])
  })

  it('the call after a save runs the saved code, also when only a shared module changed', async () => {
    const running = await serviceWithHello()
    const shared = path.join(running.functionsDir, '_shared', 'word.ts')
    mkdirSync(path.dirname(shared))
    writeFileSync(shared, "export const word = 'first'\n")
    writeFileSync(
      path.join(running.functionsDir, 'hello', 'index.ts'),
      "import { word } from '../_shared/word.ts'\nDeno.serve(() => new Response('hello ' + word))\n",
    )
    expect(await (await running.call()).text()).toBe('hello first')
    writeFileSync(shared, "export const word = 'second'\n")
    expect(await (await running.call()).text()).toBe('hello second')
    // The old worker was replaced, not left running beside the new one.
    expect(running.processes()).toHaveLength(1)
  })
})
