import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { resolveOptions } from '../config.js'
import { type RunningContentLake, startContentLake } from '../index.js'
import { readLock } from '../lock.js'
import { consoleLogger, quietLogger } from '../log.js'

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code
  return 128 + (signal ? (constants.signals[signal] ?? 0) : 0)
}

/**
 * For a site build: runs the command against the lake of the data dir, the one running on it or
 * one started just for the command on free ports (so a build never competes with a running
 * `npm start` for 54340/54341). The command gets its plain-HTTP origin as SANITY_API_HOST. With a
 * Sanity project configured there is nothing to start: the command runs as it is.
 */
export async function run(args: string[]): Promise<void> {
  const separator = args.indexOf('--')
  const command = separator >= 0 ? args.slice(separator + 1) : args
  const [program, ...programArgs] = command
  if (!program) throw new Error('run needs a command: local-content-lake run -- <command…>')
  let lake: RunningContentLake | undefined
  let apiHost: string | undefined
  if (!process.env.SANITY_PROJECT_ID) {
    const options = resolveOptions()
    apiHost = readLock(options.dataDir)?.httpUrl
    if (!apiHost) {
      lake = await startContentLake({
        tlsPort: 0,
        httpPort: 0,
        // Nothing to revalidate while a site is being built, and the asset URLs stay the ones the
        // Studio reaches on the lake's usual port.
        siteOrigin: null,
        publicOrigin: options.publicOrigin ?? `https://localhost:${options.tlsPort}`,
        log: quietLogger,
      })
      apiHost = lake.httpUrl
    }
  }
  const child = spawn(program, programArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...(apiHost ? { SANITY_API_HOST: apiHost } : {}) },
  })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  const code = await new Promise<number>((resolve) => {
    child.once('error', (error) => {
      consoleLogger.error(`Could not run ${program}: ${error.message}`)
      resolve(127)
    })
    child.once('exit', (exitCode, signal) => resolve(exitCodeOf(exitCode, signal)))
  })
  await lake?.close()
  process.exit(code)
}
