'use client'

import type { BrandLogo } from '@siyakha/content/views'
import { Carousel } from '@siyakha/ui/carousel'

/** The technology partners' wordmarks, looping; buttons from md up, arrow keys and drag everywhere. */
export function BrandLogoCarousel({ logos }: { logos: BrandLogo[] }) {
  return (
    <Carousel
      label="Technology partners"
      loop
      prevLabel="Previous logos"
      nextLabel="Next logos"
      controlsClassName="hidden md:flex"
      slideClassName="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/5"
    >
      {logos.map((logo) => (
        <div key={logo.name} className="flex h-24 items-center justify-center px-4">
          {/* Plain <img>: the logos are small SVG wordmarks, nothing for the image optimiser to do. */}
          {/* biome-ignore lint/performance/noImgElement: SVG wordmarks */}
          <img
            {...logo.image}
            alt={logo.name}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="h-auto max-h-16 w-full max-w-[10rem] object-contain"
          />
        </div>
      ))}
    </Carousel>
  )
}
