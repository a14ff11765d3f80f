import { existsSync } from 'node:fs'
import path from 'node:path'
import { resolveOptions } from '../config.js'
import { LOCAL_LAKE_TOKEN } from '../http/auth.js'
import { type RunningContentLake, resetContentLake, startContentLake } from '../index.js'
import { readLock } from '../lock.js'
import { consoleLogger } from '../log.js'
import { trustInstructions } from '../tls.js'
import { exportContent } from './export.js'
import { revalidateAll } from './revalidate.js'
import { run } from './run.js'

const USAGE = `Usage: local-content-lake <command>
  start              run the lake in the foreground (Ctrl-C stops it)
  dev                start, unless SANITY_PROJECT_ID names a Sanity project (npm run dev)
  reset              back to the seed (the lake must be stopped)
  status             is a lake running on the data dir, and where
  export             write the published content back into studio/seed/ (then seed:build)
  revalidate         ask the site to refresh every content type (npm start does, once the site is up)
  run -- <command…>  run a command against the data dir's lake (the running one, else one started
                     on free ports for it); the command gets SANITY_API_HOST`

function printStarted(lake: RunningContentLake): void {
  const { options, certificates } = lake
  const studio = options.studioDist && existsSync(path.join(options.studioDist, 'index.html'))
  console.log(`local-content-lake (project ${options.projectId}, datasets ${options.datasets.join(', ')})`)
  console.log(
    `  Studio + API (HTTP/2, TLS): ${lake.tlsUrl}${studio ? '' : '  (Studio not built: npm run build -w studio)'}`,
  )
  console.log(`  API for Node clients:       ${lake.httpUrl}`)
  console.log(
    `  Token (writes, drafts):     ${options.token === LOCAL_LAKE_TOKEN ? `${LOCAL_LAKE_TOKEN} (the well-known default)` : 'LOCAL_CONTENT_LAKE_TOKEN'}`,
  )
  console.log(
    `  CORS origins:               ${lake.tlsUrl}, ${[options.siteOrigin, ...options.corsOrigins].filter(Boolean).join(', ')}`,
  )
  console.log(`  Data:                       ${options.dataDir}`)
  console.log(
    `  Revalidates:                ${options.siteOrigin ? `${options.siteOrigin}/api/revalidate` : 'off'}`,
  )
  if (certificates.createdCa) console.log(`\n${trustInstructions(certificates)}\n`)
  else console.log(`  Local CA:                   ${certificates.caPath} (SPKI ${certificates.spkiHash})`)
}

async function start(): Promise<void> {
  const lake = await startContentLake()
  printStarted(lake)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\nStopping (${signal})…`)
    lake.close().then(
      () => process.exit(0),
      (error: Error) => {
        consoleLogger.error(`Stopping failed: ${error.stack}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

async function reset(): Promise<void> {
  await resetContentLake()
  console.log(`Reset ${resolveOptions().dataDir}: the next start begins from the seed.`)
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1500) })
    await response.arrayBuffer()
    return response.ok && response.headers.has('x-sanity-shard')
  } catch (error) {
    if (error instanceof TypeError || (error as Error).name === 'TimeoutError') return false
    throw error
  }
}

async function status(): Promise<void> {
  const { dataDir } = resolveOptions()
  const running = readLock(dataDir)
  if (!running) {
    console.log(
      `No lake is running on ${dataDir}. Start one with: npm run start -w @siyakha/local-content-lake`,
    )
    process.exitCode = 1
    return
  }
  const healthy = running.httpUrl ? await answers(`${running.httpUrl}/v1/ping`) : false
  console.log(`local-content-lake is running (pid ${running.pid}, since ${running.startedAt})`)
  console.log(`  Studio + API (HTTP/2, TLS): ${running.tlsUrl ?? 'starting'}`)
  console.log(
    `  API for Node clients:       ${running.httpUrl ?? 'starting'}${healthy ? '' : ' (not answering)'}`,
  )
}

/** `npm run dev`: the lake, unless a Sanity project is configured (then the apps use that). */
async function dev(): Promise<void> {
  if (process.env.SANITY_PROJECT_ID) {
    console.log(`SANITY_PROJECT_ID is set (${process.env.SANITY_PROJECT_ID}): no local Content Lake needed.`)
    return
  }
  await start()
}

const commands: Record<string, (args: string[]) => Promise<void>> = {
  start,
  dev,
  reset,
  status,
  export: exportContent,
  revalidate: revalidateAll,
  run,
}
const name = process.argv[2] ?? 'help'
const command = commands[name]
if (!command) {
  console.log(USAGE)
  process.exitCode = name === 'help' || name === '--help' ? 0 : 1
} else {
  command(process.argv.slice(3)).catch((error: Error) => {
    consoleLogger.error(error.message)
    process.exit(1)
  })
}
