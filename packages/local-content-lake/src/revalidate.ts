import { createHmac } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { CommittedTransaction, LakeDataset } from './core/types.js'
import type { Logger } from './log.js'

/** The secret the lake and a local site share unless configured: not a secret, like the repo's local keys. */
export const LOCAL_REVALIDATE_SECRET = 'local-content-lake-revalidate-secret-0000'

export const WEBHOOK_SIGNATURE_HEADER = 'sanity-webhook-signature'

/** `t=<ms>,v1=<base64url HMAC-SHA256(secret, "<t>.<body>")>`, what @sanity/webhook verifies. */
export function signWebhookBody(body: string, secret: string, timestamp = Date.now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64url')
  return `t=${timestamp},v1=${signature}`
}

const isPublishedId = (id: string) =>
  !id.startsWith('drafts.') && !id.startsWith('versions.') && !id.startsWith('_.')

/**
 * The `_type`s a transaction revalidates (contract §9): changed published documents whose type
 * is content (not `sanity.*`/`system.*`), as they were after the change (before it, for deletes),
 * each type once.
 */
export function revalidationTypes(transaction: CommittedTransaction): string[] {
  const types = new Set<string>()
  for (const change of transaction.changes) {
    if (!isPublishedId(change.id)) continue
    const type = (change.after ?? change.before)?._type
    if (typeof type !== 'string' || type.startsWith('sanity.') || type.startsWith('system.')) continue
    types.add(type)
  }
  return [...types]
}

export interface RevalidationOptions {
  siteOrigin: string
  secret: string
  log: Logger
  /** Waits before each retry of a network error or 5xx; three retries by default. */
  retryDelaysMs?: number[]
}

export interface Revalidation {
  /** Resolves when every POST started so far has finished (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
}

/**
 * POSTs `{"_type": …}` to `<siteOrigin>/api/revalidate` after each commit of the dataset, signed
 * as Sanity's webhooks are. Never blocks a commit; the site may well not be running, so a failure
 * is logged once until a POST gets through again.
 */
export function startRevalidation(dataset: LakeDataset, options: RevalidationOptions): Revalidation {
  const { siteOrigin, secret, log } = options
  const retryDelays = options.retryDelaysMs ?? [250, 1000, 4000]
  const endpoint = new URL('/api/revalidate', siteOrigin).toString()
  const pending = new Set<Promise<void>>()
  let failing = false
  const closing = new AbortController()

  async function post(type: string): Promise<void> {
    const body = JSON.stringify({ _type: type })
    let lastProblem = ''
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (closing.signal.aborted) return
      try {
        if (attempt > 0) await sleep(retryDelays[attempt - 1] ?? 0, undefined, { signal: closing.signal })
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(body, secret),
          },
          body,
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
        })
        await response.arrayBuffer()
        if (response.status < 500) {
          // 400 is the site's answer for a type it does not cache; a 401 means the secrets differ.
          if (response.status === 401 && !failing) {
            log.warn(`revalidation: ${endpoint} refused the signature (401); do the secrets match?`)
          }
          failing = response.status === 401
          return
        }
        lastProblem = `HTTP ${response.status}`
      } catch (error) {
        if (closing.signal.aborted) return
        lastProblem = (error as Error).message
      }
    }
    if (!failing) log.warn(`revalidation: POST ${endpoint} failed (${lastProblem}); is the site running?`)
    failing = true
  }

  const unsubscribe = dataset.subscribe((transaction) => {
    for (const type of revalidationTypes(transaction)) {
      const delivery = post(type).catch((error: Error) => log.error(`revalidation: ${error.stack}`))
      pending.add(delivery)
      void delivery.finally(() => pending.delete(delivery))
    }
  })

  return {
    async idle() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    async close() {
      unsubscribe()
      // A POST already on its way gets a moment to land; retries of an absent site do not.
      let grace: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.all([...pending]),
        new Promise((resolve) => {
          grace = setTimeout(resolve, 2000)
        }),
      ])
      clearTimeout(grace)
      closing.abort()
      await Promise.all([...pending])
    },
  }
}
