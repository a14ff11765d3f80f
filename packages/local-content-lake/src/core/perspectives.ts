/**
 * groq-js has no perspectives: each one is a document list built before evaluating (contract §6).
 */
import type { LakeDocument, Perspective } from './types.js'
import { isDraftId, isVersionId, publishedIdOf } from './util.js'

export type ViewDocument = Record<string, unknown> & { _id: string }

/** A stable key for caching a perspective's view. */
export function perspectiveKey(perspective: Perspective): string {
  if (Array.isArray(perspective)) return `[${perspective.join(',')}]`
  return perspective === 'previewDrafts' ? 'drafts' : perspective
}

/** `documents` sorted by `_id`; the result keeps that order by published id. */
export function buildView(documents: readonly LakeDocument[], perspective: Perspective): ViewDocument[] {
  if (perspective === 'raw') return [...documents]
  if (perspective === 'published')
    return documents.filter((doc) => !isDraftId(doc._id) && !isVersionId(doc._id))
  if (perspective === 'drafts' || perspective === 'previewDrafts') return overlay(documents, ['drafts'])
  // The type allows only the names above, but a release id may still arrive alone at runtime.
  return overlay(documents, typeof perspective === 'string' ? [perspective] : perspective)
}

function layerId(layer: string, publishedId: string): string {
  if (layer === 'drafts') return `drafts.${publishedId}`
  if (layer === 'published') return publishedId
  return `versions.${layer}.${publishedId}`
}

/**
 * Per document group the first existing of the layers (in order), else the published document,
 * renamed to the published id with `_originalId` naming the source. Versions marked for
 * unpublishing in a release (`_system.delete`) hide the group.
 */
function overlay(documents: readonly LakeDocument[], layers: readonly string[]): ViewDocument[] {
  const byId = new Map(documents.map((doc) => [doc._id, doc]))
  const groups = [...new Set(documents.map((doc) => publishedIdOf(doc._id)))].sort()
  const view: ViewDocument[] = []
  for (const publishedId of groups) {
    let source: LakeDocument | undefined
    for (const layer of [...layers, 'published']) {
      source = byId.get(layerId(layer, publishedId))
      if (source) break
    }
    if (!source) continue
    const system = source._system as { delete?: boolean } | undefined
    if (system?.delete === true) continue
    view.push({ ...source, _id: publishedId, _originalId: source._id })
  }
  return view
}
