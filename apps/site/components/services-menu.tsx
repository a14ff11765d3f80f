'use client'

import { Link } from '@siyakha/ui/link'
import { usePathname } from 'next/navigation'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Chevron } from './chevron'

export type NavLink = { title: string; href: string }

/** globals.css */
export const navLinkClasses = 'nav-link'

const itemClasses = 'menu-link'

/**
 * The desktop Services dropdown: a disclosure (button + list of links), the pattern WAI-ARIA
 * recommends for site navigation. Closes on Escape, outside click, focus leaving it and navigation.
 */
export function ServicesMenu({ services, regions }: { services: NavLink[]; regions: NavLink[] }) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const regionsId = useId()
  const pathname = usePathname()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-link]') ?? [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const items = links()
    if (!open) {
      if (event.target !== buttonRef.current || event.key !== 'ArrowDown') return
      event.preventDefault()
      setOpen(true)
      requestAnimationFrame(() => links()[0]?.focus())
      return
    }
    event.preventDefault()
    const current = items.indexOf(document.activeElement as HTMLAnchorElement)
    const step = event.key === 'ArrowDown' ? 1 : -1
    const nextIndex = current === -1 ? 0 : (current + step + items.length) % items.length
    items[nextIndex]?.focus()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates Escape/arrow keys from the button and links inside
    <div
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="nav-toggle"
      >
        Services
        <Chevron open={open} size="h-4 w-4" />
      </button>
      <div id={panelId} hidden={!open} className="menu-panel">
        {open ? (
          <div className="grid grid-cols-2 gap-3">
            <ul>
              <li>
                <Link
                  href="/services"
                  data-menu-link
                  onClick={() => setOpen(false)}
                  className={`${itemClasses} font-semibold`}
                >
                  All Services
                </Link>
              </li>
              <MenuLinks links={services} onNavigate={() => setOpen(false)} />
            </ul>
            <div>
              <p
                id={regionsId}
                className="px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                Regions
              </p>
              <ul aria-labelledby={regionsId}>
                <MenuLinks links={regions} onNavigate={() => setOpen(false)} />
              </ul>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** Menu entries; `data-menu-link` lets the arrow keys move between them. */
function MenuLinks({ links, onNavigate }: { links: NavLink[]; onNavigate: () => void }) {
  return links.map((link) => (
    <li key={link.href}>
      <Link href={link.href} data-menu-link onClick={onNavigate} className={itemClasses}>
        {link.title}
      </Link>
    </li>
  ))
}
