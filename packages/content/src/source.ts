import type { ClientConfig, ClientReturn, QueryParams, SanityClient } from '@sanity/client'
import { type ContentEnv, contentEnv, isLocalLake, LOCAL_PROJECT_ID } from './env'

/** One way to read content, from Sanity's Content Lake or the local one. */
export interface ContentSource {
  readonly kind: 'sanity' | 'local-lake'
  /** Whether `fetch(…, { preview: true })` can read drafts (draft mode, the Presentation tool). */
  readonly canPreview: boolean
  fetch<const Q extends string>(
    query: Q,
    params?: QueryParams,
    options?: { preview?: boolean },
  ): Promise<ClientReturn<Q, unknown>>
}

/**
 * The client configuration for either Content Lake (published reads; drafts add the read token).
 * The local lake wants its token (well known unless LOCAL_CONTENT_LAKE_TOKEN set another: then set
 * SANITY_API_READ_TOKEN to it), listens on a plain-HTTP port and knows no project sub-domains.
 */
export function contentClientConfig(env: ContentEnv = contentEnv): ClientConfig {
  const common = { dataset: env.SANITY_DATASET, apiVersion: env.SANITY_API_VERSION }
  if (!isLocalLake(env)) {
    return { ...common, projectId: env.SANITY_PROJECT_ID, useCdn: true }
  }
  return {
    ...common,
    projectId: LOCAL_PROJECT_ID,
    apiHost: env.SANITY_API_HOST,
    useProjectHostname: false,
    useCdn: false,
    token: env.SANITY_API_READ_TOKEN ?? 'local-content-lake',
  }
}

export async function createContentClient(env: ContentEnv = contentEnv): Promise<SanityClient> {
  const { createClient } = await import('@sanity/client')
  return createClient(contentClientConfig(env))
}

/**
 * The local lake writes image URLs for the browser Studio (its TLS origin); the site serves the
 * same files under CONTENT_ASSET_BASE (app/cms-images), so the pages and the image optimiser
 * never need the lake's certificate.
 */
export function localAssetUrls<T>(value: T, env: ContentEnv = contentEnv): T {
  const pattern = new RegExp(`^https?://[^/]+/images/${LOCAL_PROJECT_ID}/${env.SANITY_DATASET}/([\\w.-]+)$`)
  const base = env.CONTENT_ASSET_BASE.replace(/\/+$/, '')
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const file = pattern.exec(node)?.[1]
      return file ? `${base}/${file}` : node
    }
    if (Array.isArray(node)) return node.map(walk)
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]))
    }
    return node
  }
  return walk(value) as T
}

export async function createContentSource(env: ContentEnv = contentEnv): Promise<ContentSource> {
  const local = isLocalLake(env)
  const published = (await createContentClient(env)).withConfig({ perspective: 'published' })
  const token = published.config().token ?? env.SANITY_API_READ_TOKEN
  const drafts = token ? published.withConfig({ useCdn: false, token, perspective: 'drafts' }) : null
  return {
    kind: local ? 'local-lake' : 'sanity',
    canPreview: drafts !== null,
    async fetch(query, params = {}, options = {}) {
      if (options.preview && !drafts) throw new Error('Preview needs SANITY_API_READ_TOKEN')
      const client = options.preview && drafts ? drafts : published
      const result = await client.fetch(query, params)
      return local ? localAssetUrls(result, env) : result
    },
  }
}

let source: Promise<ContentSource> | undefined

/** The process-wide content source, chosen by the environment. */
export function getContentSource(): Promise<ContentSource> {
  source ??= createContentSource(contentEnv)
  return source
}
