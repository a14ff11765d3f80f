import type { CommittedTransaction, DocumentChange, ListenFilter } from '../core/types.js'

export interface ListenerOptions {
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  effects: boolean
  /** Without it (API versions from 2025-02-19) a listener hears of published documents only. */
  publishedOnly: boolean
  /** An anonymous listener: public documents only (no `drafts.`, `versions.` or `_.` ids). */
  publicOnly: boolean
  visibilityQuery: boolean
}

export interface ListenerEvent {
  id: string
  data: Record<string, unknown>
}

export const isPublishedId = (id: string) => !id.startsWith('drafts.') && !id.startsWith('versions.')

/** Sanity's public documents: ids without a path (`drafts.x`, `versions.r.x`, `_.x` are not). */
export const isPublicId = (id: string) => !id.includes('.')

function concerns(change: DocumentChange, filter: ListenFilter, options: ListenerOptions): boolean {
  if (options.publishedOnly && !isPublishedId(change.id)) return false
  if (options.publicOnly && !isPublicId(change.id)) return false
  return (
    (change.before !== null && filter.matches(change.before)) ||
    (change.after !== null && filter.matches(change.after))
  )
}

/**
 * The `mutation` events one listener gets for a transaction (contract §4.3). The count is this
 * listener's: the Studio's pair listener waits for `transactionTotalEvents` before applying any.
 */
export function listenerEvents(
  transaction: CommittedTransaction,
  filter: ListenFilter,
  options: ListenerOptions,
): ListenerEvent[] {
  const changes = transaction.changes.filter((change) => concerns(change, filter, options))
  return changes.map((change, index) => {
    const data: Record<string, unknown> = {
      eventId: `${transaction.id}#${change.id}`,
      documentId: change.id,
      transactionId: transaction.id,
      identity: transaction.author,
    }
    if (options.includeMutations) data.mutations = change.mutations
    if (options.effects) data.effects = change.effects
    // Absent, not null, on appear: the Studio's sequencer compares it with undefined.
    if (change.transition !== 'appear' && change.before) data.previousRev = change.before._rev
    data.resultRev = transaction.id
    if (options.includeResult && change.after) data.result = change.after
    if (options.includePreviousRevision && change.before) data.previous = change.before
    data.timestamp = transaction.timestamp
    data.transition = change.transition
    data.visibility = options.visibilityQuery ? 'query' : 'transaction'
    data.transactionTotalEvents = changes.length
    data.transactionCurrentEvent = index
    return { id: `${transaction.id}#${change.id}`, data }
  })
}
