import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import PageError from './error'
import GlobalError from './global-error'

// A failing page or root layout must still leave the visitor a retry and a way home, and never
// show what went wrong inside (database addresses, stack traces).
const failure = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { digest: '42' })

describe.each([
  ['app/error.tsx', PageError],
  ['app/global-error.tsx', GlobalError],
])('%s', (_file, Boundary) => {
  it('offers a retry and the way home, and keeps the error off the page', () => {
    const html = renderToStaticMarkup(<Boundary error={failure} retry={() => {}} />)
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/)
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/)
    expect(html).not.toContain('ECONNREFUSED')
    expect(html).not.toMatch(/\bat \S+ \(/)
  })
})
