'use client'

import type { GalleryItem } from '@siyakha/content/views'
import { Dialog } from '@siyakha/ui/dialog'
import Image from 'next/image'
import { useState } from 'react'
import { cmsImageLoader } from '@/lib/image-loader'

/** The captioned photo grid; a photo opens large in a dialog, and closing it clears the selection. */
export function ProjectGallery({ items }: { items: GalleryItem[] }) {
  const [selected, setSelected] = useState<GalleryItem | null>(null)

  return (
    <>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.image.src}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setSelected(item)}
              className="group block w-full overflow-hidden rounded-lg bg-white text-left ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Image
                {...item.image}
                loader={cmsImageLoader}
                sizes="(min-width: 1280px) 19rem, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
                className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
              />
              <span className="block px-3 py-2 text-sm font-medium text-brand-900">{item.caption}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={selected !== null}
        onOpenChange={(open) => {
          if (!open) setSelected(null)
        }}
        title={selected?.caption ?? 'Photo'}
        size="wide"
      >
        {/* The dialog's title is the caption. */}
        {selected ? (
          <Image
            {...selected.image}
            loader={cmsImageLoader}
            sizes="(min-width: 960px) 56rem, 100vw"
            className="h-auto w-full rounded-md"
          />
        ) : null}
      </Dialog>
    </>
  )
}
