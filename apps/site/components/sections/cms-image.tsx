import { getImageProps } from 'next/image'
import { preload as preloadResource } from 'react-dom'
import { cmsImageLoader, srcSetWithin } from '@/lib/image-loader'

export interface CmsImageData {
  alt?: string | null
  asset?: { url?: string | null; width?: number | null; height?: number | null; lqip?: string | null } | null
}

/**
 * A content image as a plain `<img>` with the image optimiser's `srcset`, rendered on the server:
 * next/image's component would ship its client runtime with every page that shows a picture. The
 * grey background stands in while the image loads (no blurred preview: its data URL weighed more
 * in the HTML than it gave). `preload` asks for the image early, for a hero above the fold.
 */
export function CmsImage({
  image,
  sizes,
  className,
  preload,
}: {
  image: CmsImageData | null | undefined
  sizes: string
  className?: string
  preload?: boolean
}) {
  const asset = image?.asset
  if (!asset?.url || !asset.width || !asset.height) return null
  const { props: optimised } = getImageProps({
    loader: cmsImageLoader,
    src: asset.url,
    alt: image?.alt ?? '',
    width: asset.width,
    height: asset.height,
    sizes,
    preload,
  })
  const srcSet = srcSetWithin(optimised.srcSet, asset.width)
  const props = {
    ...optimised,
    srcSet,
    src: srcSet ? (srcSet.split(', ').at(-1)?.split(' ')[0] ?? optimised.src) : optimised.src,
  }
  if (preload) {
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    })
  }
  return (
    // biome-ignore lint/performance/noImgElement: getImageProps gives the optimiser's srcset to a plain img
    <img {...props} alt={props.alt} className={className ? `bg-slate-100 ${className}` : 'bg-slate-100'} />
  )
}
