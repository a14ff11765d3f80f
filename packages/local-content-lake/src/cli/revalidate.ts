import { resolveOptions } from '../config.js'
import { readLock } from '../lock.js'
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../revalidate.js'
import { queryRunningLake } from './query-running.js'

const CONTENT_TYPES = 'array::unique(*[!(_type match "sanity.*") && !(_type match "system.*")]._type)'

/**
 * Revalidates every content type on the site, as if each had just been published: run by
 * `npm start` once the site is up, because a site build restored from Turbo's cache shows the
 * content of the day it was built, and edits made while the site was down sent no webhook.
 */
export async function revalidateAll(): Promise<void> {
  const options = resolveOptions()
  const running = readLock(options.dataDir)
  if (!running?.httpUrl) throw new Error(`No lake is running on ${options.dataDir}`)
  if (!options.siteOrigin) return
  const dataset = options.datasets[0] ?? 'production'
  const types = await queryRunningLake<string[]>(options, running.httpUrl, dataset, CONTENT_TYPES)
  const endpoint = new URL('/api/revalidate', options.siteOrigin)
  const refused: string[] = []
  for (const type of types) {
    const body = JSON.stringify({ _type: type })
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(body, options.revalidateSecret),
      },
      body,
    })
    await response.arrayBuffer()
    // 400 is the site's answer for a type it does not cache (a document type no page reads).
    if (!response.ok && response.status !== 400) refused.push(`${type} (${response.status})`)
  }
  if (refused.length) throw new Error(`${endpoint} refused: ${refused.join(', ')}`)
}
