'use client'

// From its own module: importing it from @siyakha/ui/carousel put the whole carousel (1.2 KB) in
// this part's script.
import { ArrowIcon } from '@siyakha/ui/stroke-icon'
import { useEffect, useId, useState } from 'react'
import { spriteHref } from './sprite'

/** Testimonials rotate every 5 seconds: long enough to read a short quote, short enough to notice. */
export const TESTIMONIAL_INTERVAL_MS = 5000

export type Testimonial = {
  name: string
  role: string
  company: string
  content: string
  rating: number
  initials: string
}

/** theme.css */
const controlClasses = 'carousel-button'

/**
 * One testimonial at a time; prev/next wrap, dots jump. It auto-advances unless the visitor is
 * hovering or focused inside it, has paused it, or prefers reduced motion. While it rotates on
 * its own the live region is off so screen readers aren't interrupted every five seconds.
 */
export function TestimonialsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const count = testimonials.length
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [paused, setPaused] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(false)
  const slideId = useId()

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => setReducedMotion(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])

  const rotating = count > 1 && !hovered && !focused && !paused && !reducedMotion

  // Keyed on index so a manual move restarts the full interval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useEffect(() => {
    if (!rotating) return
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), TESTIMONIAL_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [rotating, index, count])

  const current = testimonials[index]
  if (!current) return null

  const go = (next: number) => setIndex(((next % count) + count) % count)

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      className="mx-auto max-w-3xl"
    >
      <div id={slideId} aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group; it wraps the quote's figure, since a figure with a caption takes no other role */}
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          className="panel"
        >
          <figure>
            <Stars rating={current.rating} />
            <blockquote className="quote-text">
              <p>“{current.content}”</p>
            </blockquote>
            <figcaption className="quote-by">
              <span aria-hidden="true" className="avatar">
                {current.initials}
              </span>
              <span>
                <span className="block font-semibold text-brand-900">{current.name}</span>
                <span className="block text-sm text-slate-600">
                  {current.role}, {current.company}
                </span>
              </span>
            </figcaption>
          </figure>
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            aria-controls={slideId}
            onClick={() => go(index - 1)}
            className={controlClasses}
          >
            <span className="sr-only">Previous testimonial</span>
            <ArrowIcon direction="prev" />
          </button>
          <ul className="flex items-center">
            {testimonials.map((testimonial, i) => (
              <li key={`${testimonial.name}-${testimonial.company}`}>
                <button
                  type="button"
                  aria-controls={slideId}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                  className="carousel-dot"
                >
                  <span className="sr-only">Show testimonial {i + 1}</span>
                  {/* globals.css draws it wide and in the brand colour on the current dot (aria-current). */}
                  <span aria-hidden="true" className="carousel-dot-mark" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            aria-controls={slideId}
            onClick={() => go(index + 1)}
            className={controlClasses}
          >
            <span className="sr-only">Next testimonial</span>
            <ArrowIcon direction="next" />
          </button>
          <button type="button" onClick={() => setPaused((value) => !value)} className="link-button">
            {paused ? 'Play' : 'Pause'}
            <span className="sr-only"> testimonials</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}

function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <div role="img" aria-label={`Rated ${value} out of 5`} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} aria-hidden="true" className={n <= value ? 'star' : 'star-off'}>
          <use href={spriteHref('star')} />
        </svg>
      ))}
    </div>
  )
}
