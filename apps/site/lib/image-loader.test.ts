import { describe, expect, it } from 'vitest'
import { cmsImageLoader, srcSetWithin } from './image-loader'

describe('cmsImageLoader', () => {
  it('names a local content image by the short /img/{width}/{file} route', () => {
    expect(cmsImageLoader({ src: '/cms-images/abc-1200x675.webp', width: 640 })).toBe(
      '/img/640/abc-1200x675.webp',
    )
    expect(cmsImageLoader({ src: '/cms-images/abc-1200x675.webp', width: 828, quality: 75 })).toBe(
      '/img/828/abc-1200x675.webp',
    )
  })

  it("takes the optimiser's long form where the short route cannot say it", () => {
    expect(cmsImageLoader({ src: '/cms-images/abc.webp', width: 640, quality: 50 })).toBe(
      '/_next/image?url=%2Fcms-images%2Fabc.webp&w=640&q=50',
    )
    expect(cmsImageLoader({ src: '/cms-images/nested/abc.webp', width: 640 })).toBe(
      '/_next/image?url=%2Fcms-images%2Fnested%2Fabc.webp&w=640&q=75',
    )
    expect(cmsImageLoader({ src: '/og-default.webp', width: 384 })).toBe(
      '/_next/image?url=%2Fog-default.webp&w=384&q=75',
    )
  })

  it("asks Sanity's CDN to resize its own images", () => {
    const url = new URL(
      cmsImageLoader({ src: 'https://cdn.sanity.io/images/p1/production/abc-1200x675.webp', width: 640 }),
    )
    expect(url.origin + url.pathname).toBe('https://cdn.sanity.io/images/p1/production/abc-1200x675.webp')
    expect(Object.fromEntries(url.searchParams)).toEqual({ w: '640', q: '75', auto: 'format' })
  })
})

describe('srcSetWithin', () => {
  const srcSet = '/img/384/a.webp 384w, /img/640/a.webp 640w, /img/1200/a.webp 1200w, /img/1920/a.webp 1920w'

  it('drops the entries wider than the file', () => {
    expect(srcSetWithin(srcSet, 1200)).toBe(
      '/img/384/a.webp 384w, /img/640/a.webp 640w, /img/1200/a.webp 1200w',
    )
    expect(srcSetWithin(srcSet, 700)).toBe('/img/384/a.webp 384w, /img/640/a.webp 640w')
  })

  it('keeps the narrowest entry of a file smaller than all of them, and passes no srcset through', () => {
    expect(srcSetWithin(srcSet, 200)).toBe('/img/384/a.webp 384w')
    expect(srcSetWithin(undefined, 1200)).toBeUndefined()
  })
})
