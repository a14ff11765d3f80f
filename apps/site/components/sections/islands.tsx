'use client'

import { Activity, type ComponentType, use, useCallback, useEffect, useId, useRef, useState } from 'react'

/*
 * The client parts of sections. Every content page reaches the section registry, so a client
 * component imported by any section would ship with every page: /terms would load the carousels
 * and the quote form. Loaded through a dynamic import, a part's code ships only with the pages
 * that render it, and only once it is needed: when the part comes within NEAR of the viewport, or
 * the visitor points at, touches or tabs into it.
 *
 * Until then the server's HTML stands in. Each part sits in an <Activity>, which React hydrates on
 * its own (as it does a Suspense boundary, but the server renders it in place, with no fallback to
 * swap), so the rest of the page is live first. A click that lands on a part before its code has
 * run is held and replayed once it has; what a visitor types into a form is kept (React leaves
 * the fields' values alone while hydrating, and useActionForm reads them).
 *
 * Some parts are here only for their weight: the cards and tiles of a grid have nothing to do but
 * their links. A server component's markup reaches the page twice, as HTML and again as a tree of
 * elements in the RSC payload; a client part's reaches it once, with its props (the data) in the
 * payload and its shape in a script fetched once. With the header and footer drawn the same way
 * (as plain client components), home's HTML went from 97 to 76 KB.
 * Only parts of a page belong here: an update that reaches a part React has not hydrated waits for
 * its code, so a part of the layout, which outlives navigations, would hold them up.
 */
const NEAR = '400px'

// React stops, at the document, an event bound for a part it has not hydrated yet; the window's
// capture phase comes first.
const INTENT = ['pointerover', 'pointerdown', 'focusin'] as const

function island<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined
  const code = () => {
    loading ??= load()
    return loading
  }

  return function Island(props: P) {
    const id = useId()
    const [part] = useState(() => (typeof window === 'undefined' ? code() : whenNeeded(id).then(code)))
    const ready = useHeldClicks(id)
    // Nothing here may re-render the island before its part has hydrated: new props for a part
    // React has not hydrated make it hydrate the part first, and every update waits on that.
    return (
      <Activity>
        <div data-island={id} className="contents">
          <Part part={part} props={props} onReady={ready} />
        </div>
      </Activity>
    )
  }
}

function Part<P extends object>({
  part,
  props,
  onReady,
}: {
  part: Promise<ComponentType<P>>
  props: P
  onReady: () => void
}) {
  const Component = use(part)
  useEffect(() => onReady(), [onReady])
  return <Component {...props} />
}

const frameOf = (id: string) => document.querySelector(`[data-island="${id}"]`)

/**
 * Resolves once the part comes near the viewport or the visitor reaches for it. A part rendered on
 * the client (after a client-side navigation) has no server HTML to stand in for it, and no frame
 * in the document (client ids never match the server's), so it loads at once. The DOM is asked
 * rather than a flag set once the page has hydrated, because the page hydrates in slices
 * (app/layout.tsx): a part may hydrate after another part's effects have run.
 */
function whenNeeded(id: string): Promise<void> {
  const frame = frameOf(id)
  if (!frame) return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) stop(true)
      },
      { rootMargin: NEAR },
    )
    // The frame is display: contents, with no box of its own to observe.
    for (const child of frame.children) observer.observe(child)
    const onIntent = (event: Event) => {
      // Gone with a client-side navigation before it was needed.
      if (!frame.isConnected) stop(false)
      else if (event.target instanceof Node && frame.contains(event.target)) stop(true)
    }
    for (const type of INTENT) window.addEventListener(type, onIntent, true)
    function stop(needed: boolean) {
      observer.disconnect()
      for (const type of INTENT) window.removeEventListener(type, onIntent, true)
      if (needed) resolve()
    }
  })
}

/**
 * Holds a click on a part until its code has run, then replays it; returns what the part calls
 * when it has. The island around the part hydrates with the page, so this listens from the start.
 */
function useHeldClicks(id: string): () => void {
  const ready = useRef(false)
  const held = useRef<Element | null>(null)
  useEffect(() => {
    const frame = frameOf(id)
    if (!frame) return
    const onClick = (event: MouseEvent) => {
      if (ready.current || !(event.target instanceof Element) || !frame.contains(event.target)) return
      event.preventDefault()
      event.stopPropagation()
      held.current = event.target
    }
    window.addEventListener('click', onClick, true)
    return () => window.removeEventListener('click', onClick, true)
  }, [id])
  return useCallback(() => {
    ready.current = true
    const target = held.current
    held.current = null
    // Dispatched rather than target.click(): the click may have landed on a button's icon (SVG).
    if (target?.isConnected)
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
  }, [])
}

export const BrandLogoCarousel = island(() =>
  import('@/components/brand-logo-carousel').then((m) => m.BrandLogoCarousel),
)
export const TestimonialsCarousel = island(() =>
  import('@/components/testimonials-carousel').then((m) => m.TestimonialsCarousel),
)
export const ProjectGallery = island(() =>
  import('@/components/project-gallery').then((m) => m.ProjectGallery),
)
export const QuoteForm = island(() => import('@/components/quote-form').then((m) => m.QuoteForm))
export const NewsletterBox = island(() => import('@/components/newsletter-box').then((m) => m.NewsletterBox))
export const SupportRequestFormView = island(() =>
  import('@/components/support-request-form-view').then((m) => m.SupportRequestFormView),
)
export const ServiceCards = island(() => import('@/components/service-cards').then((m) => m.ServiceCards))
export const IndustryTiles = island(() => import('@/components/industry-tiles').then((m) => m.IndustryTiles))
export const ContentCards = island(() => import('@/components/content-cards').then((m) => m.ContentCards))
export const PostCards = island(() => import('@/components/post-cards').then((m) => m.PostCards))
