import pg from 'pg'
import type { Logger } from '../lib/log.js'

export interface OutboxDriverOptions {
  /** The database the outbox lives in (LISTEN outbox). */
  databaseUrl: string
  /** `{api}/functions/v1/outbox-worker`. */
  workerUrl: string
  secret: string
  /** A run this often as well (0: only when the outbox is written). */
  intervalMs: number
  log: Logger
}

/**
 * Runs the outbox worker function locally the way a hosted project's schedule does (pg_cron +
 * pg_net): when a transaction that wrote the outbox commits (NOTIFY outbox) and on a timer, which
 * picks up retries whose backoff has passed. One run at a time; a wake-up during a run, or a run
 * that stopped at its limit, makes another run follow it. The worker is the same function code as hosted.
 */
export async function startOutboxDriver(options: OutboxDriverOptions) {
  const { log } = options
  const listener = new pg.Client({ connectionString: options.databaseUrl })
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  // Stopping cuts a run short: the worker's leases make whatever it had claimed claimable again.
  const abort = new AbortController()

  /** One worker run; true when it stopped at its limit and more may be waiting. */
  const runOnce = async (): Promise<boolean> => {
    try {
      const answer = await fetch(options.workerUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Worker-Secret': options.secret },
        body: '{}',
        signal: abort.signal,
      })
      const text = await answer.text()
      if (!answer.ok) {
        log.warn(`outbox worker answered ${answer.status}: ${text.slice(0, 200)}`)
        return false
      }
      log.debug(`outbox worker: ${text}`)
      return (JSON.parse(text) as { more?: unknown }).more === true
    } catch (error) {
      if (!stopped) log.warn(`outbox worker unreachable: ${(error as Error).message}`)
      return false
    }
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        if (await runOnce()) again = true
      } while (again && !stopped)
    })().finally(() => {
      running = undefined
    })
  }

  listener.on('notification', wake)
  listener.on('error', (error) => {
    // 57P01: the database is shutting down (Ctrl-C reaches it too): not worth a warning.
    if ((error as { code?: string }).code === '57P01' || stopped)
      log.debug(`outbox listener: ${error.message}`)
    else log.warn(`outbox listener: ${error.message}`)
  })
  await listener.connect()
  await listener.query('listen outbox')
  const timer = options.intervalMs > 0 ? setInterval(wake, options.intervalMs) : undefined
  timer?.unref()
  // Whatever was left from before this start (a crash, a stopped stack).
  wake()

  return {
    wake,
    async stop(): Promise<void> {
      stopped = true
      if (timer) clearInterval(timer)
      abort.abort()
      await running
      await listener.end().catch(() => undefined)
    },
  }
}
