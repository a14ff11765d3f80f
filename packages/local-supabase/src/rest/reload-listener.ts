/*
 * PostgREST reloads its schema cache and in-database config on `NOTIFY pgrst, 'reload schema'`
 * (or `'reload config'`; an empty payload means both). Supabase's own DDL event trigger sends the
 * same notification, so clients rely on it after a migration or a `create function` in a test.
 */
import pg from 'pg'
import type { Logger } from '../lib/log.js'

export function listenForReload(connectionString: string, reload: () => Promise<unknown>, log: Logger) {
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString })
    next.on('notification', (message) => {
      const payload = (message.payload ?? '').trim()
      if (payload === '' || payload === 'reload schema' || payload === 'reload config') {
        reload().catch((error: Error) => log.warn(`rest schema reload: ${error.message}`))
      }
    })
    // A dropped connection (the database restarting) is retried; the stack stopping closes it first.
    next.on('error', (error: Error) => {
      if (closed) return
      log.debug(`rest reload listener: ${error.message}`)
      next.end().catch(() => undefined)
      retry = setTimeout(() => void connect().catch(() => undefined), 1000)
    })
    await next.connect()
    await next.query('listen pgrst')
    if (closed) await next.end()
    else client = next
  }

  return {
    ready: connect(),
    async close(): Promise<void> {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}
