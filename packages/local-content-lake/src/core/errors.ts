import { LakeError } from './types.js'

export type ErrorKind = 'mutationError' | 'actionError'

export interface ErrorItem {
  type: string
  description: string
  id?: string
}

const PREFIX: Record<ErrorKind, string> = {
  mutationError: 'The mutation(s) failed',
  actionError: 'The action(s) failed',
}

/** The §5.4 body: one item, at the index of the mutation or action that failed. */
export function itemError(kind: ErrorKind, status: number, index: number, item: ErrorItem): LakeError {
  return new LakeError(status, {
    error: {
      type: kind,
      description: `${PREFIX[kind]}: ${item.description}`,
      items: [{ error: item, index }],
    },
  })
}

export function malformed(kind: ErrorKind, index: number, description: string): LakeError {
  const type = kind === 'actionError' ? 'invalidActionError' : 'invalidMutationError'
  return itemError(kind, 400, index, { type, description })
}

export function notFound(kind: ErrorKind, index: number, id: string): LakeError {
  return itemError(kind, 404, index, {
    type: 'documentNotFoundError',
    description: `Document by ID "${id}" not found`,
    id,
  })
}

export function alreadyExists(kind: ErrorKind, index: number, id: string): LakeError {
  return itemError(kind, 409, index, {
    type: 'documentAlreadyExistsError',
    description: `Document by ID "${id}" already exists`,
    id,
  })
}

export function revisionMismatch(
  kind: ErrorKind,
  index: number,
  id: string,
  actual: string | undefined,
  expected: string,
): LakeError {
  return itemError(kind, 409, index, {
    type: 'documentRevisionIDDoesNotMatchError',
    description: `Document by ID "${id}" has unexpected revision ID ("${actual ?? ''}"), expected "${expected}"`,
    id,
  })
}
