import { WELL_KNOWN_FORWARDER_SECRET } from '@siyakha/schemas/client-address'
import { LOCAL_FORWARDER_SECRET } from '@siyakha/supabase/env'
import { describe, expect, it } from 'vitest'
import { startupProblems } from './startup-check'

const hosted = 'https://abcdefgh.supabase.co'

describe('the site refuses to start', () => {
  it("knows the local stack's secret", () => {
    expect(WELL_KNOWN_FORWARDER_SECRET).toBe(LOCAL_FORWARDER_SECRET)
  })

  it('in production against a hosted project with the well-known local forwarder secret', () => {
    for (const FORWARDER_SECRET of [LOCAL_FORWARDER_SECRET, undefined, '']) {
      const problems = startupProblems({
        NODE_ENV: 'production',
        NEXT_PUBLIC_SUPABASE_URL: hosted,
        FORWARDER_SECRET,
      })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/FORWARDER_SECRET is the well-known local value/)
    }
  })

  it('but starts with a secret of its own, on a local stack, or in development', () => {
    const own = 'a-random-secret-of-this-deployment'
    expect(
      startupProblems({ NODE_ENV: 'production', NEXT_PUBLIC_SUPABASE_URL: hosted, FORWARDER_SECRET: own }),
    ).toEqual([])
    for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321', undefined]) {
      expect(startupProblems({ NODE_ENV: 'production', NEXT_PUBLIC_SUPABASE_URL: url })).toEqual([])
    }
    expect(startupProblems({ NODE_ENV: 'development', NEXT_PUBLIC_SUPABASE_URL: hosted })).toEqual([])
  })
})
