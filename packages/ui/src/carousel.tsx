'use client'

import useEmblaCarousel from 'embla-carousel-react'
import { Children, type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { cn } from './cn'
import { ArrowIcon } from './stroke-icon'

export { ArrowIcon }

export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

/**
 * Embla's own defaults, written out so every carousel behaves alike whatever a new Embla release
 * changes; loop is off unless the caller sets it.
 */
export const CAROUSEL_DEFAULTS = { dragThreshold: 10, duration: 25, align: 'center', loop: false } as const

export type CarouselProps = {
  /** Names the carousel region, e.g. "Technology partners". */
  label: string
  loop?: boolean
  options?: Omit<CarouselOptions, 'loop'>
  prevLabel?: string
  nextLabel?: string
  /** Classes for the prev/next button row, e.g. 'hidden md:flex' to show them from md up. */
  controlsClassName?: string
  /** Width of each slide, e.g. 'basis-1/2 md:basis-1/4'. */
  slideClassName?: string
  className?: string
  children: ReactNode
}

/**
 * An Embla carousel: drag, prev/next buttons and Left/Right arrow keys on the focused region.
 * Every child is one slide.
 */
export function Carousel({
  label,
  loop = CAROUSEL_DEFAULTS.loop,
  options,
  prevLabel = 'Previous',
  nextLabel = 'Next',
  controlsClassName,
  slideClassName = 'basis-full',
  className,
  children,
}: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ ...CAROUSEL_DEFAULTS, ...options, loop })
  const [canPrev, setCanPrev] = useState(loop)
  const [canNext, setCanNext] = useState(true)

  useEffect(() => {
    if (!api) return
    const update = () => {
      setCanPrev(api.canScrollPrev())
      setCanNext(api.canScrollNext())
    }
    update()
    api.on('select', update).on('reInit', update)
    return () => {
      api.off('select', update).off('reInit', update)
    }
  }, [api])

  const prev = useCallback(() => api?.scrollPrev(), [api])
  const next = useCallback(() => api?.scrollNext(), [api])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      prev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      next()
    }
  }

  const slides = Children.toArray(children)

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      // Focusable so the arrow keys work without first tabbing into a slide.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a carousel region takes focus for its arrow keys
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={cn(
        'relative rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600',
        className,
      )}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={cn('carousel-slide', slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={cn('mt-4 justify-center gap-3', controlsClassName ?? 'flex')}>
        <CarouselButton label={prevLabel} onClick={prev} disabled={!canPrev} direction="prev" />
        <CarouselButton label={nextLabel} onClick={next} disabled={!canNext} direction="next" />
      </div>
    </section>
  )
}

function CarouselButton({
  label,
  onClick,
  disabled,
  direction,
}: {
  label: string
  onClick: () => void
  disabled: boolean
  direction: 'prev' | 'next'
}) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className="carousel-button">
      <span className="sr-only">{label}</span>
      <ArrowIcon direction={direction} />
    </button>
  )
}
