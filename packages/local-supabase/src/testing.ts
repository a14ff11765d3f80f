// The one way a test suite starts the local stack (vitest's globalSetup) and builds its clients.
// Both suites that need a database, this package's own and supabase/tests, use it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import ws from 'ws'
import { silentLogger } from './lib/log.js'
import { type RunningStack, type StartStackOptions, startStack } from './stack.js'

export { type HostedLikeServer, startHostedLikeServer } from './db/hosted.js'
export { freePort } from './lib/free-port.js'

/** What the global setup hands to the tests: read it with `inject('stack')`. */
export type TestStack = Pick<RunningStack, 'urls' | 'keys' | 'dataDir'>

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStack
  }
}

export interface TestStackOptions {
  /** Folder that holds `supabase/` (config, migrations, functions, seed). */
  rootDir: string
  /** Prefix of the throwaway data folder in the system's temp folder. */
  name: string
  /**
   * The first of the port blocks the suite may pick from, and how many blocks of ten there are.
   * A random block per run keeps a dev stack and another suite on the same machine apart.
   */
  ports: { first: number; blocks: number }
  /** Overrides on top of config.toml (short windows, a high sign-in limit). */
  config?: StartStackOptions['config']
  /** Variables for the edge functions on top of everything else (e.g. a short outbox backoff). */
  functionsEnv?: StartStackOptions['functionsEnv']
}

/**
 * Starts a stack on throwaway ports and data for a test suite or file; `stop` also removes the
 * data. LOCAL_SUPABASE_DEBUG=1 shows the stack's log.
 */
export async function startTestStack(
  options: TestStackOptions,
): Promise<{ stack: RunningStack; stop: () => Promise<void> }> {
  // The blocks lie in the kernel's ephemeral range, so another program's connection may hold
  // one of the block's ports: then the next attempt takes another block (and a fresh data dir).
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name}-`))
    const base = options.ports.first + Math.floor(Math.random() * options.ports.blocks) * 10
    try {
      const stack = await startStack({
        rootDir: options.rootDir,
        dataDir,
        ports: { api: base + 1, db: base + 2, mailbox: base + 4, smtp: base + 5, graph: base + 6 },
        log: process.env.LOCAL_SUPABASE_DEBUG ? undefined : silentLogger,
        config: options.config,
        functionsEnv: options.functionsEnv,
      })
      const stop = async () => {
        await stack.stop()
        rmSync(dataDir, { recursive: true, force: true })
      }
      return { stack, stop }
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true })
      if (attempt >= 3 || !/in use/i.test((error as Error).message)) throw error
    }
  }
}

/**
 * vitest globalSetup hooks that start the stack (startTestStack), provide its urls and keys to
 * the tests, and stop it afterwards.
 */
export function testStack(options: TestStackOptions) {
  let stop: (() => Promise<void>) | undefined
  return {
    async setup(project: TestProject): Promise<void> {
      const started = await startTestStack(options)
      stop = started.stop
      const { urls, keys, dataDir } = started.stack
      project.provide('stack', { urls, keys, dataDir })
    },
    async teardown(): Promise<void> {
      await stop?.()
    },
  }
}

/**
 * supabase-js options for a test client: the session in memory, one store per client, no
 * refresh timers; realtime gets `ws` because Node 20 has no global WebSocket.
 */
export function testClientOptions() {
  const storage = new Map<string, string>()
  return {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
        removeItem: (key: string) => void storage.delete(key),
      },
    },
    realtime: { transport: ws as never },
  }
}
