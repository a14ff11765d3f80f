import Image from 'next/image'

export interface CmsImageData {
  alt?: string | null
  asset?: { url?: string | null; width?: number | null; height?: number | null; lqip?: string | null } | null
}

/** A content image through next/image; renders nothing when the asset is missing. */
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
  return (
    <Image
      src={asset.url}
      alt={image?.alt ?? ''}
      width={asset.width}
      height={asset.height}
      sizes={sizes}
      className={className}
      preload={preload}
      placeholder={asset.lqip ? 'blur' : 'empty'}
      blurDataURL={asset.lqip ?? undefined}
    />
  )
}
