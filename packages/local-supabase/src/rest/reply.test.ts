import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { RestError } from './errors.js'
import { negotiate } from './media.js'
import { contentRange, errorReply, jsonReply, singularError } from './reply.js'

function databaseError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error')
  error.code = code
  return error
}

describe('reply shaping', () => {
  it('writes Content-Range as PostgREST does', () => {
    expect(contentRange(0, 0, null)).toBe('*/*')
    expect(contentRange(10, 5, 42)).toBe('10-14/42')
  })

  it('types a JSON body by the response mode, and an empty one not at all', () => {
    expect(
      jsonReply(200, '{}', {}, negotiate('application/vnd.pgrst.object+json')).headers['Content-Type'],
    ).toBe('application/vnd.pgrst.object+json; charset=utf-8')
    expect(jsonReply(200, undefined, { 'Content-Range': '*/*' }, negotiate(undefined)).headers).toEqual({
      'Content-Range': '*/*',
    })
    expect(singularError(2).status).toBe(406)
  })
})

describe('errorReply', () => {
  const unexpected: unknown[] = []
  const onUnexpected = (error: unknown) => unexpected.push(error)

  it('maps SQLSTATEs to statuses, by role where PostgREST does', () => {
    expect(errorReply(databaseError('42501', 'permission denied'), 'anon', onUnexpected).status).toBe(401)
    expect(
      errorReply(databaseError('42501', 'permission denied'), 'authenticated', onUnexpected).status,
    ).toBe(403)
    expect(errorReply(databaseError('25006', 'read-only transaction'), 'anon', onUnexpected).status).toBe(405)
  })

  it('passes API errors through and hides anything else behind 500 PGRST000', () => {
    const own = new RestError(404, 'PGRST205', 'not found')
    expect(errorReply(own, 'anon', onUnexpected)).toBe(own)
    const hidden = errorReply(new TypeError('boom'), 'anon', onUnexpected)
    expect(hidden.status).toBe(500)
    expect(hidden.code).toBe('PGRST000')
    expect(unexpected).toHaveLength(1)
  })
})
