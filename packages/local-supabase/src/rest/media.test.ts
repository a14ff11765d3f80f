import { describe, expect, it } from 'vitest'
import { negotiate } from './media.js'

describe('negotiate', () => {
  it('is a JSON array by default and one object for vnd.pgrst.object', () => {
    expect(negotiate(undefined)).toMatchObject({ mode: 'array', format: 'json', stripNulls: false })
    expect(negotiate('application/json').contentType).toBe('application/json; charset=utf-8')
    expect(negotiate('application/vnd.pgrst.object+json;q=1')).toMatchObject({ mode: 'object' })
  })

  it('reads nulls=stripped, CSV, and the first type it can produce', () => {
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped')).toMatchObject({
      mode: 'array',
      stripNulls: true,
      contentType: 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8',
    })
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      mode: 'object',
      stripNulls: true,
    })
    expect(negotiate('text/csv').format).toBe('csv')
    expect(negotiate('image/png, text/csv').format).toBe('csv')
  })

  it('offers the plan only where the database enables it', () => {
    const accept = 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|bogus;'
    expect(() => negotiate(accept)).toThrow('None of these media types are available')
    expect(negotiate(accept, { plan: true }).plan).toEqual({
      format: 'json',
      forType: 'application/json',
      options: ['analyze', 'verbose'],
    })
  })

  it('refuses a media type it cannot produce with 406 PGRST107', () => {
    expect(() => negotiate('image/png')).toThrow('None of these media types are available: image/png')
  })
})
