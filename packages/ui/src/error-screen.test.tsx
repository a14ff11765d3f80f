import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { buttonClasses } from './button'
import { ErrorScreen } from './error-screen'

describe('ErrorScreen', () => {
  it('offers a retry and a way back, and keeps the error itself off the page', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 (secret detail)'), {
      digest: '1234567890',
    })
    const html = renderToStaticMarkup(
      <ErrorScreen error={error} retry={() => {}} backHref="/" backLabel="Return to Home" />,
    )
    expect(html).toContain('Something went wrong')
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/)
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/)
    expect(html).toContain('Reference: 1234567890')
    expect(html).not.toContain('ECONNREFUSED')
    expect(html).not.toContain('secret detail')
    expect(html).not.toMatch(/\bat \S+ \(/)
  })

  it('shows no reference when the error has no digest', () => {
    const html = renderToStaticMarkup(
      <ErrorScreen error="thrown string" retry={() => {}} backHref="/portal/my-tickets" backLabel="Back" />,
    )
    expect(html).not.toContain('Reference')
    expect(html).not.toContain('thrown string')
  })

  it('writes out the same button looks as buttonClasses', () => {
    const html = renderToStaticMarkup(
      <ErrorScreen error={null} retry={() => {}} backHref="/" backLabel="Return to Home" />,
    )
    expect(html).toContain(`<button type="button" class="${buttonClasses()}">Try again</button>`)
    expect(html).toContain(`<a href="/" class="${buttonClasses({ variant: 'outline' })}">`)
  })
})
