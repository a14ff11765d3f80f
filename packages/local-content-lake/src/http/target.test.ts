import { describe, expect, it } from 'vitest'
import { groqParams, parsePerspective } from './query-params.js'
import { defaultPerspective, isPerspectiveEra, parseApiPath, requestedProjectId } from './target.js'

describe('parseApiPath', () => {
  it('strips v1, vX and dated versions', () => {
    expect(parseApiPath('/v1/ping')).toEqual({ apiVersion: '1', path: '/ping' })
    expect(parseApiPath('/vX/data/query/production')).toEqual({
      apiVersion: 'X',
      path: '/data/query/production',
    })
    expect(parseApiPath('/v2025-02-19')).toEqual({ apiVersion: '2025-02-19', path: '/' })
    expect(parseApiPath('/v2/ping')).toBeUndefined()
    expect(parseApiPath('/images/local0000/production/a.png')).toBeUndefined()
  })

  it('makes published the default from 2025-02-19 (and for vX), raw before', () => {
    expect(defaultPerspective('2025-02-18')).toBe('raw')
    expect(defaultPerspective('2025-02-19')).toBe('published')
    expect(defaultPerspective('2026-05-04')).toBe('published')
    expect(defaultPerspective('1')).toBe('raw')
    expect(isPerspectiveEra('X')).toBe(true)
  })
})

describe('parsePerspective', () => {
  it('accepts the named ones and release stacks', () => {
    expect(parsePerspective(null, '2025-02-19')).toBe('published')
    expect(parsePerspective('previewDrafts', '2025-02-19')).toBe('previewDrafts')
    expect(parsePerspective('rA,drafts', '2025-02-19')).toEqual(['rA', 'drafts'])
    expect(() => parsePerspective('a,,b', '2025-02-19')).toThrow()
  })
})

describe('groqParams', () => {
  it('parses $-parameters as JSON and refuses the rest', () => {
    const url = new URL('http://lake/q?query=x&$ids=["a","b"]&$n=2&tag=t')
    expect(groqParams(url)).toEqual({ ids: ['a', 'b'], n: 2 })
    expect(() => groqParams(new URL('http://lake/q?$a=unquoted'))).toThrow(/quote/)
  })
})

describe('requestedProjectId', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as never
  it('reads the header first, then the <projectId>.localhost host or authority', () => {
    expect(requestedProjectId(req({ 'x-sanity-project-id': 'abc', host: 'local0000.localhost:1' }))).toBe(
      'abc',
    )
    expect(requestedProjectId(req({ host: 'local0000.localhost:54340' }))).toBe('local0000')
    expect(requestedProjectId(req({ ':authority': 'local0000.localhost:54340' }))).toBe('local0000')
    expect(requestedProjectId(req({ host: '127.0.0.1:54341' }))).toBeUndefined()
  })
})
