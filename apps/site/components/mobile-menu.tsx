'use client'

import { Link } from '@siyakha/ui/link'
import { usePathname } from 'next/navigation'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Chevron } from './chevron'
import type { NavLink } from './services-menu'

/** globals.css */
const linkClasses = 'mobile-link'

const subLinkClasses = 'mobile-sublink'

export type MobileMenuProps = {
  leading: NavLink[]
  trailing: NavLink[]
  /** Another app behind the site's rewrites: a plain link, not client-side navigation. */
  portal: NavLink
  services: NavLink[]
  regions: NavLink[]
  signOutSlot?: ReactNode
}

/** The menu below the lg breakpoint: a toggle and a panel, with a collapsible Services section. */
export function MobileMenu({ leading, trailing, portal, services, regions, signOutSlot }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const [servicesOpen, setServicesOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const servicesId = useId()
  const pathname = usePathname()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => {
    setOpen(false)
    setServicesOpen(false)
  }, [pathname])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  // A click on the current page's link does not change the path, so close on every link click too.
  const close = () => setOpen(false)

  const renderLink = (link: NavLink) => (
    <li key={link.href}>
      <Link href={link.href} onClick={close} className={linkClasses}>
        {link.title}
      </Link>
    </li>
  )

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        className="menu-toggle"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="stroke-icon h-6 w-6">
          <path d={open ? 'M18 6 6 18M6 6l12 12' : 'M4 6h16M4 12h16M4 18h16'} />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="mobile-panel">
        {/* Rendered while open only: the links are in the RSC payload once (props), not twice in the HTML. */}
        {open ? (
          <ul className="space-y-1">
            {leading.map(renderLink)}
            <li>
              <button
                type="button"
                aria-expanded={servicesOpen}
                aria-controls={servicesId}
                onClick={() => setServicesOpen((value) => !value)}
                className="block rounded-md px-3 py-3 text-base font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 flex w-full items-center justify-between text-left"
              >
                {servicesOpen ? 'Hide Services' : 'Show Services'}
                <Chevron open={servicesOpen} size="h-5 w-5" />
              </button>
              <ul id={servicesId} hidden={!servicesOpen} className="ml-3 border-l border-slate-200 pl-2">
                <li>
                  <Link href="/services" onClick={close} className={`${subLinkClasses} font-semibold`}>
                    All Services
                  </Link>
                </li>
                {[...services, ...regions].map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} onClick={close} className={subLinkClasses}>
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            {trailing.map(renderLink)}
            <li>
              <a href={portal.href} className={linkClasses}>
                {portal.title}
              </a>
            </li>
            {signOutSlot ? <li className="empty:hidden">{signOutSlot}</li> : null}
          </ul>
        ) : null}
      </div>
    </div>
  )
}
