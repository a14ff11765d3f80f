/**
 * The working copy of one transaction: operations read and write it, nothing touches the store
 * until the transaction is durable. It also records, per document, the low-level mutations that
 * produced its new state, which become the listener events' `mutations`.
 */
import { type Mut, Mutation } from '@sanity/mutator'
import { encodeEffects } from './effects.js'
import type { LoggedChange } from './log.js'
import type { DocumentStore } from './store.js'
import type { DocumentChange, LakeDocument } from './types.js'
import { cloneJson, deepEqual, withoutRev } from './util.js'

/** A document inside a transaction: system fields are stamped only when it commits. */
export type WorkingDocument = Record<string, unknown> & { _id: string }

export class WorkingSet {
  private readonly overlay = new Map<string, WorkingDocument | null>()
  private readonly applied = new Map<string, Mut[]>()

  constructor(
    private readonly store: DocumentStore,
    readonly transactionId: string,
    readonly timestamp: string,
  ) {}

  get(id: string): WorkingDocument | null {
    if (this.overlay.has(id)) return this.overlay.get(id) ?? null
    return this.store.get(id) ?? null
  }

  /** Replaces the working copy of `id`; `mutation` is what turns the previous copy into this one. */
  put(id: string, doc: WorkingDocument | null, mutation: Mut): void {
    this.overlay.set(id, doc)
    const list = this.applied.get(id)
    if (list) list.push(mutation)
    else this.applied.set(id, [mutation])
  }

  /** The working state as a raw dataset, for query selectors. */
  documents(): WorkingDocument[] {
    const docs: WorkingDocument[] = []
    for (const doc of this.store.all()) {
      if (!this.overlay.has(doc._id)) docs.push(doc)
    }
    for (const doc of this.overlay.values()) if (doc) docs.push(doc)
    return docs
  }

  /** The committed form of every touched document, in the order they were first touched. */
  changes(): DocumentChange[] {
    const changes: DocumentChange[] = []
    for (const [id, working] of this.overlay) {
      const before = this.store.get(id) ?? null
      if (!before && !working) continue
      const after = working ? this.stamp(id, working, before) : null
      changes.push({
        id,
        before,
        after,
        transition: !before ? 'appear' : !after ? 'disappear' : 'update',
        mutations: this.eventMutations(id, before, after),
        effects: encodeEffects(before && withoutRev(before), after && withoutRev(after)),
      })
    }
    return changes
  }

  private stamp(id: string, doc: WorkingDocument, before: LakeDocument | null): LakeDocument {
    const createdAt =
      typeof doc._createdAt === 'string' ? doc._createdAt : (before?._createdAt ?? this.timestamp)
    return {
      ...doc,
      _id: id,
      _type: String(doc._type),
      _rev: this.transactionId,
      _createdAt: createdAt,
      _updatedAt: this.timestamp,
    }
  }

  /**
   * The applied mutations when the Studio's own engine turns `before` into exactly `after` with
   * them (checked here), else a replace/delete, which always does.
   */
  private eventMutations(id: string, before: LakeDocument | null, after: LakeDocument | null): Mut[] {
    const applied = this.applied.get(id) ?? []
    if (applied.length > 0 && (before || isCreate(applied[0]))) {
      const replayed = new Mutation({
        mutations: cloneJson(applied),
        timestamp: this.timestamp,
        transactionId: this.transactionId,
        resultRev: this.transactionId,
      }).apply(before ? cloneJson(before) : null)
      if (deepEqual(replayed, after)) return applied
    }
    return after ? [{ createOrReplace: after }] : [{ delete: { id } }]
  }
}

function isCreate(mutation: Mut | undefined): boolean {
  return Boolean(mutation && (mutation.create || mutation.createIfNotExists || mutation.createOrReplace))
}

export function toLoggedChange(change: DocumentChange): LoggedChange {
  return {
    id: change.id,
    ...(change.before ? { previousRev: change.before._rev } : {}),
    effects: change.effects,
    mutations: change.mutations,
  }
}
