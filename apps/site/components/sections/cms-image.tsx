import { getImageProps } from 'next/image'
import { preload as preloadResource } from 'react-dom'
import { cmsImageLoader, srcSetWithin } from '@/lib/image-loader'

export interface CmsImageData {
  alt?: string | null
  asset?: { url?: string | null; width?: number | null; height?: number | null; lqip?: string | null } | null
}

/** What an `<img>` of a content image is given: the optimiser's `srcset` and the fixed size. */
export type CmsImageProps = ReturnType<typeof getImageProps>['props'] & { className: string }

/**
 * A content image's `<img>` attributes, with the image optimiser's `srcset`, worked out on the
 * server: next/image's component would ship its client runtime with every page that shows a
 * picture. The grey background stands in while the image loads (no blurred preview: its data URL
 * weighed more in the HTML than it gave). `preload` asks for the image early, for a picture on the
 * first screen. Null when the image has no file.
 */
export function cmsImageProps(
  image: CmsImageData | null | undefined,
  { sizes, className, preload }: { sizes: string; className?: string; preload?: boolean },
): CmsImageProps | null {
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
    className: className ? `bg-slate-100 ${className}` : 'bg-slate-100',
  }
  if (preload) {
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    })
  }
  return props
}

/** A content image as a plain `<img>` (cmsImageProps). */
export function CmsImage({
  image,
  ...options
}: {
  image: CmsImageData | null | undefined
  sizes: string
  className?: string
  preload?: boolean
}) {
  const props = cmsImageProps(image, options)
  if (!props) return null
  // biome-ignore lint/performance/noImgElement: getImageProps gives the optimiser's srcset to a plain img
  return <img {...props} alt={props.alt} />
}
