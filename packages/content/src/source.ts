import type { ClientReturn, QueryParams } from '@sanity/client'
import { type ContentEnv, contentEnv } from './env'

/** One way to read content, whichever store is behind it. */
export interface ContentSource {
  readonly kind: 'sanity' | 'embedded'
  fetch<const Q extends string>(
    query: Q,
    params?: QueryParams,
    options?: { preview?: boolean },
  ): Promise<ClientReturn<Q, unknown>>
}

export async function createSanitySource(
  env: ContentEnv & { SANITY_PROJECT_ID: string },
): Promise<ContentSource> {
  const { createClient } = await import('@sanity/client')
  const published = createClient({
    projectId: env.SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET,
    apiVersion: env.SANITY_API_VERSION,
    useCdn: true,
    perspective: 'published',
  })
  const drafts = env.SANITY_API_READ_TOKEN
    ? published.withConfig({ useCdn: false, token: env.SANITY_API_READ_TOKEN, perspective: 'drafts' })
    : null
  return {
    kind: 'sanity',
    fetch(query, params = {}, options = {}) {
      if (options.preview && !drafts) throw new Error('Preview needs SANITY_API_READ_TOKEN')
      const client = options.preview && drafts ? drafts : published
      return client.fetch(query, params)
    },
  }
}

export async function createEmbeddedSource(env: ContentEnv): Promise<ContentSource> {
  const [{ parse, evaluate }, { loadSeedDataset }] = await Promise.all([
    import('groq-js'),
    import('@siyakha/studio/seed'),
  ])
  const dataset = await loadSeedDataset({ assetUrlBase: env.CONTENT_ASSET_BASE })
  const parsed = new Map<string, ReturnType<typeof parse>>()
  return {
    kind: 'embedded',
    async fetch(query, params = {}) {
      let tree = parsed.get(query)
      if (!tree) {
        tree = parse(query)
        parsed.set(query, tree)
      }
      const result = await evaluate(tree, { dataset, params })
      return (await result.get()) as never
    },
  }
}

let source: Promise<ContentSource> | undefined

/** The process-wide content source, chosen by the environment. */
export function getContentSource(): Promise<ContentSource> {
  source ??= contentEnv.SANITY_PROJECT_ID
    ? createSanitySource({ ...contentEnv, SANITY_PROJECT_ID: contentEnv.SANITY_PROJECT_ID })
    : createEmbeddedSource(contentEnv)
  return source
}
