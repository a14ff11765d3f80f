// Next's page cache (next.config.ts `cacheHandler`), as Next's own file-system cache, with one
// addition: every page it hands out carries a Content-Security-Policy naming the SHA-256 of that
// page's inline scripts. Plain JavaScript: Next loads it at run time, outside its bundles.
//
// Why here: a prerendered page is served to everyone, so it cannot carry a per-request nonce, and
// Next writes the page's data into inline scripts (`self.__next_f.push(…)`) that differ per page
// and per render. A page regenerated after a publish has other scripts than the build's, so the
// hashes must come from the HTML being served, and the cache is where that HTML is: Next adds a
// cache entry's headers to the response whether the entry was read from disk, from memory or just
// rendered (a fresh render is stored through set() before it is sent).
import { createHash } from 'node:crypto'
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js'

// Node hands an ES module a CommonJS module's exports object; bundlers' interop, its default.
const FileSystemCache = fileSystemCache.default ?? fileSystemCache

/** Set by next.config.ts: the page policy with `script-src 'self'` and no hashes yet. */
export const POLICY_ENV = 'SITE_PAGE_CONTENT_SECURITY_POLICY'
const HEADER = 'content-security-policy'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module'])

/**
 * The base64 SHA-256 of each distinct inline script a browser would run, in page order. Scripts
 * with `src` are this origin's files ('self'); other types (JSON-LD) are data and never run. The
 * hash is over the script's text as written: HTML does not decode entities inside a script.
 */
export function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!JS_TYPES.has(type)) continue
    hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/** The page policy with the page's hashes after `script-src 'self'`. */
export function withScriptHashes(policy, hashes) {
  const directive = "script-src 'self'"
  if (!policy.includes(`${directive};`)) {
    throw new Error(`The page policy has no "${directive};" to add hashes to: ${policy}`)
  }
  return policy.replace(`${directive};`, `${[directive, ...hashes.map((h) => `'sha256-${h}'`)].join(' ')};`)
}

function pagePolicy() {
  const policy = process.env[POLICY_ENV]
  // Failing the page is better than serving it without a policy.
  if (!policy) throw new Error(`${POLICY_ENV} is not set: next.config.ts sets it`)
  return policy
}

/** Adds the page's policy to a cached page's headers (in place: Next sends this very object). */
export function withPagePolicy(value, policy = pagePolicy()) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string') return value
  value.headers ??= {}
  value.headers[HEADER] = withScriptHashes(policy, inlineScriptHashes(value.html))
  return value
}

/** Entries given their policy: Next's memory cache hands out the same entry on every request. */
const withPolicy = new WeakSet()

export default class PageCspCache extends FileSystemCache {
  async get(...args) {
    const entry = await super.get(...args)
    if (entry?.value && !withPolicy.has(entry.value)) {
      withPagePolicy(entry.value)
      withPolicy.add(entry.value)
    }
    return entry
  }

  async set(key, data, ctx) {
    withPagePolicy(data)
    return super.set(key, data, ctx)
  }
}
