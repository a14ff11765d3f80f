'use client'

import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { Children, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { cn } from './cn'
import { ArrowIcon } from './stroke-icon'

/**
 * Embla's options that are plain data. Its element and callback options are left out: the
 * carousel compares options by value to know when to re-create Embla.
 */
export type CarouselOptions = Omit<
  EmblaOptionsType,
  'container' | 'slides' | 'watchDrag' | 'watchResize' | 'watchSlides' | 'watchFocus'
>

/**
 * How far from the viewport a carousel loads Embla: far enough that it is running before the
 * carousel scrolls into sight, near enough that a phone's first screen never loads it for a
 * carousel further down.
 */
export const CAROUSEL_LOAD_MARGIN = '400px 0px'

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
 * Every child is one slide. Embla loads as the carousel nears the viewport, or when the visitor
 * reaches it by keyboard or touch; a button or arrow key used before then takes effect once it has.
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
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  const [wanted, setWanted] = useState(false)
  const api = useEmbla(viewport, wanted, { ...CAROUSEL_DEFAULTS, ...options, loop })
  const [canPrev, setCanPrev] = useState(loop)
  const [canNext, setCanNext] = useState(true)
  // A button pressed or an arrow key used before Embla has loaded: done once it has.
  const pending = useRef<'prev' | 'next' | null>(null)

  useEffect(() => {
    if (!viewport || wanted) return
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true)
      },
      { rootMargin: CAROUSEL_LOAD_MARGIN },
    )
    observer.observe(viewport)
    return () => observer.disconnect()
  }, [viewport, wanted])

  useEffect(() => {
    if (!api) return
    const update = () => {
      setCanPrev(api.canScrollPrev())
      setCanNext(api.canScrollNext())
    }
    if (pending.current === 'prev') api.scrollPrev()
    else if (pending.current === 'next') api.scrollNext()
    pending.current = null
    update()
    api.on('select', update).on('reInit', update)
    return () => {
      api.off('select', update).off('reInit', update)
    }
  }, [api])

  const move = (direction: 'prev' | 'next') => {
    if (!api) {
      pending.current = direction
      setWanted(true)
    } else if (direction === 'prev') api.scrollPrev()
    else api.scrollNext()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      move('prev')
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      move('next')
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
      // Reached without scrolling to it (a keyboard, a tap): load Embla now.
      onFocus={() => setWanted(true)}
      onPointerDown={() => setWanted(true)}
      className={cn('carousel', className)}
    >
      <div ref={setViewport} className="overflow-hidden">
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
        <CarouselButton label={prevLabel} onClick={() => move('prev')} disabled={!canPrev} direction="prev" />
        <CarouselButton label={nextLabel} onClick={() => move('next')} disabled={!canNext} direction="next" />
      </div>
    </section>
  )
}

/**
 * Embla on `viewport` once `wanted`. Its engine (~6 KB gzipped) is imported then, not with the
 * page: a visitor who never scrolls to the carousel never downloads it. Until it runs the slides
 * are a plain row in an overflow box; it starts before the carousel scrolls into sight, so its
 * first positioning (a transform, not a layout shift) happens off screen. A change of options
 * (compared by value) re-creates it.
 */
function useEmbla(
  viewport: HTMLElement | null,
  wanted: boolean,
  options: CarouselOptions,
): EmblaCarouselType | undefined {
  const [api, setApi] = useState<EmblaCarouselType>()
  const optionsKey = JSON.stringify(options)

  useEffect(() => {
    if (!viewport || !wanted) return
    let instance: EmblaCarouselType | undefined
    let stopped = false
    import('embla-carousel').then(
      ({ default: EmblaCarousel }) => {
        if (stopped) return
        instance = EmblaCarousel(viewport, JSON.parse(optionsKey) as CarouselOptions)
        setApi(instance)
      },
      (error: unknown) => console.error('Could not load the carousel', error),
    )
    return () => {
      stopped = true
      instance?.destroy()
      setApi(undefined)
    }
  }, [viewport, wanted, optionsKey])

  return api
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
