import { LOCAL_REVALIDATE_SECRET as LAKE_SECRET } from '@siyakha/local-content-lake'
import { describe, expect, it } from 'vitest'
import { LOCAL_REVALIDATE_SECRET } from './env'
import { localAssetUrls } from './source'

const env = {
  SANITY_DATASET: 'production',
  SANITY_API_VERSION: '2025-02-19',
  SANITY_API_HOST: 'http://127.0.0.1:54341',
  CONTENT_ASSET_BASE: '/cms-images',
}
const FILE = '0e3659f11ba7f854169cb51d3a98287b8300cbf7-240x80.svg'

describe('the local Content Lake source', () => {
  it('serves the lake’s images from the site’s own path, whatever origin the lake wrote', () => {
    const result = localAssetUrls(
      {
        logo: { asset: { url: `https://localhost:54340/images/local0000/production/${FILE}` } },
        list: [`http://127.0.0.1:44451/images/local0000/production/${FILE}`],
      },
      env,
    )
    expect(result).toEqual({ logo: { asset: { url: `/cms-images/${FILE}` } }, list: [`/cms-images/${FILE}`] })
  })

  it('leaves every other string alone: text, links, another dataset’s or project’s images', () => {
    const value = {
      text: `See https://localhost:54340/images/local0000/production/${FILE} for the logo`,
      other: `https://localhost:54340/images/local0000/staging/${FILE}`,
      project: `https://cdn.sanity.io/images/abc123/production/${FILE}`,
      number: 3,
      nothing: null,
    }
    expect(localAssetUrls(value, env)).toEqual(value)
  })

  it('checks webhooks with the secret the lake signs them with', () => {
    expect(LOCAL_REVALIDATE_SECRET).toBe(LAKE_SECRET)
  })
})
