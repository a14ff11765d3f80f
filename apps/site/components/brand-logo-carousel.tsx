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
      slideClassName="logo-slide"
    >
      {logos.map((logo) => (
        <div key={logo.name} className="logo-frame">
          {/* Plain <img>: the logos are small SVG wordmarks, nothing for the image optimiser to do. */}
          {/* biome-ignore lint/performance/noImgElement: SVG wordmarks */}
          <img
            {...logo.image}
            alt={logo.name}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="logo-image"
          />
        </div>
      ))}
    </Carousel>
  )
}
