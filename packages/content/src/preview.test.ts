import { afterEach, describe, expect, it, vi } from 'vitest'

// The secret check itself is Sanity's (against the Content Lake); here it passes, so what is left
// is where the preview route sends the visitor.
const validatePreviewUrl = vi.fn()
vi.mock('@sanity/preview-url-secret', () => ({ validatePreviewUrl }))

async function check(redirectTo: string) {
  vi.stubEnv('SANITY_PROJECT_ID', 'abc123')
  vi.stubEnv('SANITY_API_READ_TOKEN', 'token')
  vi.resetModules()
  validatePreviewUrl.mockResolvedValue({ isValid: true, redirectTo })
  const { checkPreviewRequest } = await import('./preview')
  return checkPreviewRequest('http://localhost:3000/api/draft-mode/enable?sanity-preview-secret=x')
}

describe('preview redirect', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('opens a same-site path in draft mode', async () => {
    expect(await check('/services/cloud-and-edge-solutions')).toEqual({
      ok: true,
      redirectTo: '/services/cloud-and-edge-solutions',
    })
  })

  it.each([
    '/\\evil.example',
    '//evil.example',
    '/.//evil.example',
    '/%2F%2Fevil.example',
    'https://evil.example',
  ])('sends %j to the home page instead', async (target) => {
    expect(await check(target)).toEqual({ ok: true, redirectTo: '/' })
  })
})
