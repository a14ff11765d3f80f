// The one way a test starts a lake: a throwaway data dir, free ports, quiet logs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ContentLakeOptions } from './config.js'
import { type RunningContentLake, startContentLake } from './index.js'
import { quietLogger } from './log.js'

export const TEST_PROJECT_ID = 'local0000'
export const TEST_DATASET = 'production'

/** Ports the repo's own servers use (the site, the portal, local Supabase, a developer's lake). */
const reserved = (port: number) => port === 3000 || port === 3001 || (port >= 54321 && port <= 54341)

export interface TestLake extends RunningContentLake {
  dataDir: string
  /** Options for `@sanity/client`'s createClient against the plain-HTTP origin, with the token. */
  clientConfig(apiVersion?: string): {
    projectId: string
    dataset: string
    apiHost: string
    useProjectHostname: false
    useCdn: false
    apiVersion: string
    token: string
  }
  /** Stops the lake and removes its data dir. */
  dispose(): Promise<void>
}

/**
 * Starts a lake on free ports. Pass `dataDir` to start again on an earlier one (a restart); its
 * removal is then the caller's. Revalidation is off unless `siteOrigin` is given.
 */
export async function startTestLake(overrides: Partial<ContentLakeOptions> = {}): Promise<TestLake> {
  const ownDir = overrides.dataDir === undefined
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'local-content-lake-test-'))
  for (let attempt = 1; ; attempt++) {
    const running = await startContentLake({
      host: '127.0.0.1',
      tlsPort: 0,
      httpPort: 0,
      siteOrigin: null,
      studioDist: null,
      // Fixed, so the seed (whose asset URLs carry it) is the same whatever ports a run gets.
      publicOrigin: 'https://localhost:54340',
      log: quietLogger,
      ...overrides,
      dataDir,
    })
    const ports = [new URL(running.tlsUrl).port, new URL(running.httpUrl).port].map(Number)
    if (ports.some(reserved) && attempt < 5) {
      await running.close()
      continue
    }
    return {
      ...running,
      dataDir,
      clientConfig: (apiVersion = '2025-02-19') => ({
        projectId: TEST_PROJECT_ID,
        dataset: TEST_DATASET,
        apiHost: running.httpUrl,
        useProjectHostname: false,
        useCdn: false,
        apiVersion,
        token: running.options.token,
      }),
      async dispose() {
        await running.close()
        if (ownDir) rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
}
