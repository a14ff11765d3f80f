import type { ReactElement } from 'react'
import { prerender } from 'react-dom/static'
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
  it('offers a retry and the way home, and keeps the error off the page', async () => {
    const html = await render(<Boundary error={failure} retry={() => {}} />)
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/)
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/)
    expect(html).not.toContain('ECONNREFUSED')
    expect(html).not.toMatch(/\bat \S+ \(/)
  })
})

/** The boundary's HTML once everything in it has loaded (the page boundary loads its screen lazily). */
async function render(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element)
  return new Response(prelude).text()
}
