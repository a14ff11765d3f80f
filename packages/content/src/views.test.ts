import { describe, expect, it } from 'vitest'
import { sizedImage, toBrandLogos, toGalleryItems } from './views'

const asset = { _id: 'image-1', url: '/cms-images/a.webp', width: 800, height: 600, lqip: null }

describe('content views', () => {
  it('an image without a file or dimensions has nothing to lay out', () => {
    expect(sizedImage({ asset: null }, 'x')).toBeNull()
    expect(sizedImage({ asset: { ...asset, width: null } }, 'x')).toBeNull()
    expect(sizedImage({ asset }, 'A photo')).toEqual({
      src: '/cms-images/a.webp',
      alt: 'A photo',
      width: 800,
      height: 600,
    })
  })

  it('logos are named by their alt text and dropped without a sized file', () => {
    const logos = toBrandLogos([
      { _id: '1', name: 'Cisco', logo: { alt: 'Cisco logo', asset } },
      { _id: '2', name: 'Missing', logo: { alt: 'Missing', asset: null } },
    ])
    expect(logos).toEqual([
      { name: 'Cisco', image: { src: asset.url, alt: 'Cisco', width: 800, height: 600 } },
    ])
  })

  it('gallery photos keep their caption and alt text', () => {
    const items = toGalleryItems([{ _id: '1', caption: 'Mast', image: { alt: 'A radio mast', asset } }])
    expect(items).toEqual([
      { caption: 'Mast', image: { src: asset.url, alt: 'A radio mast', width: 800, height: 600 } },
    ])
  })
})
