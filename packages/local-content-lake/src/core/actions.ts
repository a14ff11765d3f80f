/**
 * `/data/actions` semantics (contract §5.3), expressed as the low-level operations of
 * mutations.ts so that listener events carry equivalent mutations.
 */
import type { Mut } from '@sanity/mutator'
import type { WorkingDocument, WorkingSet } from './commit.js'
import { alreadyExists, itemError, malformed, notFound, revisionMismatch } from './errors.js'
import { createDocument, deleteDocument, patchDocument } from './mutations.js'
import { isPlainObject } from './util.js'

type Action = Record<string, unknown>
type Handler = (ws: WorkingSet, action: Action, index: number) => void

const PREFIX = 'sanity.action.document.'

function field(action: Action, name: string, index: number): string {
  const value = action[name]
  if (typeof value !== 'string' || value === '') {
    throw malformed('actionError', index, `${String(action.actionType)} requires "${name}"`)
  }
  return value
}

function optionalRevision(action: Action, name: string, index: number): string | undefined {
  const value = action[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw malformed('actionError', index, `"${name}" must be a string`)
  return value
}

function expectRevision(
  doc: WorkingDocument | null,
  id: string,
  expected: string | undefined,
  index: number,
) {
  if (expected === undefined) return
  const actual = doc?._rev as string | undefined
  if (actual !== expected) throw revisionMismatch('actionError', index, id, actual, expected)
}

/** A published document's content as the start of a draft or version. */
function copyAs(source: WorkingDocument, id: string): WorkingDocument {
  const { _rev, _updatedAt, ...content } = source
  return { ...content, _id: id }
}

function materialise(ws: WorkingSet, id: string, source: WorkingDocument): WorkingDocument {
  const copy = copyAs(source, id)
  ws.put(id, copy, { createIfNotExists: copy } as Mut)
  return copy
}

const create: Handler = (ws, action, index) => {
  const publishedId = field(action, 'publishedId', index)
  if (!isPlainObject(action.attributes)) throw malformed('actionError', index, 'create requires "attributes"')
  const attributes = { _id: `drafts.${publishedId}`, ...action.attributes }
  const ifExists = action.ifExists ?? 'fail'
  if (ifExists !== 'fail' && ifExists !== 'ignore') {
    throw malformed('actionError', index, 'ifExists must be "fail" or "ignore"')
  }
  if (typeof attributes._id === 'string' && ws.get(attributes._id) && ifExists === 'fail') {
    throw alreadyExists('actionError', index, attributes._id)
  }
  createDocument(ws, 'createIfNotExists', attributes, index, 'actionError')
}

const edit: Handler = (ws, action, index) => {
  const draftId = field(action, 'draftId', index)
  const publishedId = field(action, 'publishedId', index)
  if (!isPlainObject(action.patch)) throw malformed('actionError', index, 'edit requires "patch"')
  let draft = ws.get(draftId)
  if (!draft) {
    const published = ws.get(publishedId)
    if (!published) throw notFound('actionError', index, publishedId)
    draft = materialise(ws, draftId, published)
  }
  patchDocument(ws, draft, action.patch, index, 'actionError')
}

const publish: Handler = (ws, action, index) => {
  const draftId = field(action, 'draftId', index)
  const publishedId = field(action, 'publishedId', index)
  const draft = ws.get(draftId)
  const published = ws.get(publishedId)
  expectRevision(draft, draftId, optionalRevision(action, 'ifDraftRevisionId', index), index)
  expectRevision(published, publishedId, optionalRevision(action, 'ifPublishedRevisionId', index), index)
  if (!draft) throw notFound('actionError', index, draftId)
  const next = copyAs(draft, publishedId)
  if (published) next._createdAt = published._createdAt
  ws.put(publishedId, next, { createOrReplace: next } as Mut)
  deleteDocument(ws, draftId)
}

const unpublish: Handler = (ws, action, index) => {
  const draftId = field(action, 'draftId', index)
  const publishedId = field(action, 'publishedId', index)
  const published = ws.get(publishedId)
  if (!published) throw notFound('actionError', index, publishedId)
  if (!ws.get(draftId)) materialise(ws, draftId, published)
  deleteDocument(ws, publishedId)
}

const remove: Handler = (ws, action, index) => {
  const publishedId = field(action, 'publishedId', index)
  const drafts = action.includeDrafts ?? []
  if (!Array.isArray(drafts) || !drafts.every((id) => typeof id === 'string')) {
    throw malformed('actionError', index, 'includeDrafts must be a list of ids')
  }
  deleteDocument(ws, publishedId)
  for (const id of drafts) deleteDocument(ws, id)
}

const discard: Handler = (ws, action, index) => {
  const draftId = field(action, 'draftId', index)
  if (!ws.get(draftId)) throw notFound('actionError', index, draftId)
  deleteDocument(ws, draftId)
}

const versionCreate: Handler = (ws, action, index) => {
  if (isPlainObject(action.document)) {
    const id = action.document._id ?? action.versionId
    createDocument(ws, 'create', { ...action.document, _id: id }, index, 'actionError')
    return
  }
  const versionId = field(action, 'versionId', index)
  const baseId = field(action, 'baseId', index)
  const base = ws.get(baseId)
  if (!base) throw notFound('actionError', index, baseId)
  expectRevision(base, baseId, optionalRevision(action, 'ifBaseRevisionId', index), index)
  if (ws.get(versionId)) throw alreadyExists('actionError', index, versionId)
  const copy = copyAs(base, versionId)
  ws.put(versionId, copy, { create: copy } as Mut)
}

const versionReplace: Handler = (ws, action, index) => {
  if (!isPlainObject(action.document) || typeof action.document._id !== 'string') {
    throw malformed('actionError', index, 'version.replace requires a "document" with an _id')
  }
  if (!ws.get(action.document._id)) throw notFound('actionError', index, action.document._id)
  createDocument(ws, 'createOrReplace', action.document, index, 'actionError')
}

/** A version marked `_system.delete` unpublishes its document when the release is published. */
const versionUnpublish: Handler = (ws, action, index) => {
  const versionId = field(action, 'versionId', index)
  const publishedId = field(action, 'publishedId', index)
  const published = ws.get(publishedId)
  if (!published) throw notFound('actionError', index, publishedId)
  const version = ws.get(versionId) ?? materialise(ws, versionId, published)
  patchDocument(ws, version, { set: { _system: { delete: true } } }, index, 'actionError')
}

const HANDLERS: Record<string, Handler> = {
  [`${PREFIX}create`]: create,
  [`${PREFIX}edit`]: edit,
  [`${PREFIX}publish`]: publish,
  [`${PREFIX}unpublish`]: unpublish,
  [`${PREFIX}delete`]: remove,
  [`${PREFIX}discard`]: discard,
  [`${PREFIX}version.create`]: versionCreate,
  [`${PREFIX}version.discard`]: (ws, action, index) =>
    discard(ws, { actionType: action.actionType, draftId: action.versionId }, index),
  [`${PREFIX}version.replace`]: versionReplace,
  [`${PREFIX}version.unpublish`]: versionUnpublish,
}

export function applyActions(ws: WorkingSet, actions: unknown[]): void {
  for (const [index, action] of actions.entries()) {
    if (!isPlainObject(action) || typeof action.actionType !== 'string') {
      throw malformed('actionError', index, 'An action must be an object with an "actionType"')
    }
    const handler = HANDLERS[action.actionType]
    if (!handler) {
      throw itemError('actionError', 400, index, {
        type: 'unsupportedActionError',
        description: `Action "${action.actionType}" is not supported by the local Content Lake`,
      })
    }
    handler(ws, action, index)
  }
}
