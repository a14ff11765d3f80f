import { buildView, perspectiveKey, type ViewDocument } from './perspectives.js'
import type { LakeDocument, Perspective } from './types.js'
import { deepFreeze } from './util.js'

/**
 * The current documents of one dataset. Every read between two commits sees one consistent state;
 * perspective views are built at most once per state, on first use.
 */
export class DocumentStore {
  private readonly documents = new Map<string, LakeDocument>()
  private sorted: LakeDocument[] | null = null
  private views = new Map<string, ViewDocument[]>()
  /** Bumped on every change; views belong to one revision. */
  revision = 0

  constructor(initial: Iterable<LakeDocument> = []) {
    for (const doc of initial) this.documents.set(doc._id, deepFreeze(doc))
  }

  get(id: string): LakeDocument | undefined {
    return this.documents.get(id)
  }

  get size(): number {
    return this.documents.size
  }

  /** All documents, sorted by `_id`. */
  all(): readonly LakeDocument[] {
    if (!this.sorted) {
      this.sorted = [...this.documents.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    }
    return this.sorted
  }

  view(perspective: Perspective): readonly ViewDocument[] {
    const key = perspectiveKey(perspective)
    let view = this.views.get(key)
    if (!view) {
      view = buildView(this.all(), perspective)
      this.views.set(key, view)
    }
    return view
  }

  /** Swaps in a committed transaction's documents (null = deleted) in one step. */
  apply(changes: Iterable<[string, LakeDocument | null]>): void {
    for (const [id, doc] of changes) {
      if (doc) this.documents.set(id, deepFreeze(doc))
      else this.documents.delete(id)
    }
    this.revision++
    this.sorted = null
    this.views = new Map()
  }
}
