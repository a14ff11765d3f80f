import { WELL_KNOWN_FORWARDER_SECRET } from '@siyakha/schemas/client-address'
import { LOCAL_FORWARDER_SECRET } from '@siyakha/supabase/env'
import { describe, expect, it } from 'vitest'
import { startupProblems, startupWarnings } from './startup-check'

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

describe('the site starts without its optional Sanity settings, and names each one missing', () => {
  it('on a Sanity project: the webhook secret, the read token and the Studio origin', () => {
    const warnings = startupWarnings({ SANITY_PROJECT_ID: 'abc123' })
    expect(warnings.map((warning) => warning.split(' ')[0])).toEqual([
      'SANITY_REVALIDATE_SECRET',
      'SANITY_API_READ_TOKEN',
      'SANITY_STUDIO_URL',
    ])
    expect(warnings[0]).toContain('the Sanity webhook is refused (401)')
  })

  it('none once they are set, or on the local Content Lake (its well-known values)', () => {
    expect(
      startupWarnings({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_REVALIDATE_SECRET: 'whsec',
        SANITY_API_READ_TOKEN: 'sk',
        SANITY_STUDIO_URL: 'https://siyakha.sanity.studio',
      }),
    ).toEqual([])
    expect(startupWarnings({})).toEqual([])
  })
})
