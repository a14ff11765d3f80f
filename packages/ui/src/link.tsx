'use client'

import { useRouter } from 'next/navigation'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/**
 * A link to a page of this app, followed by the client router (no page load) and fetched ahead
 * when the visitor shows intent: hovering, focusing or touching it. next/link fetches every link
 * that scrolls into view instead: on the site, 21 KB of payloads on a phone's first screen of home
 * (48 KB on a desktop's), which a visitor on mobile data pays for, and 2.7 KB more script with every
 * page; in the portal, a render on the server for every row of a list (the helpdesk queue's first
 * screen asked for 35 pages, My Tickets for 18), for each person who opens it.
 * Anything else (another origin, a #fragment, a new tab, a modified click) is a plain link.
 */
export function Link({ href, onClick, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useRouter()
  const routed = href.startsWith('/') && !href.startsWith('//')
  const prefetch = () => {
    if (routed) router.prefetch(href)
  }
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!routed || event.defaultPrevented || !isPlainClick(event)) return
    event.preventDefault()
    router.push(href)
  }
  return (
    <a
      href={href}
      onClick={follow}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        prefetch()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        prefetch()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        prefetch()
      }}
      {...props}
    />
  )
}

/** A primary-button click with no modifier, on a link that opens in place. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (target === '' || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  )
}
