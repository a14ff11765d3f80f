'use client'

import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { ReactNode } from 'react'
import { PORTAL_LINK } from '@/lib/routes'
import { BrandLink } from './brand-mark'
import { MobileMenu } from './mobile-menu'
import { type NavLink, navLinkClasses, ServicesMenu } from './services-menu'

/*
 * A client component, like the footer (see there): drawn on the server as a server component, its
 * nav list went out twice on every page, as HTML and as elements in the RSC payload; now the
 * payload carries the props. Its menus are client components anyway, and its code ships once.
 */

export type SiteHeaderProps = {
  brandName: string
  services: NavLink[]
  regions: NavLink[]
  /** The Sign Out control; it may render nothing (signed out), and its list item then hides. */
  signOutSlot?: ReactNode
}

/** Links either side of the Services dropdown, in the spec's order. */
const LEADING: NavLink[] = [
  { title: 'Home', href: '/' },
  { title: 'About', href: '/about' },
]
const TRAILING: NavLink[] = [
  { title: 'Projects', href: '/projects' },
  { title: 'Blog', href: '/blog' },
  { title: 'Support Deals', href: '/support-deals' },
]

const navItem = (link: NavLink) => (
  <li key={link.href}>
    <Link href={link.href} className={navLinkClasses}>
      {link.title}
    </Link>
  </li>
)

export function SiteHeader({ brandName, services, regions, signOutSlot }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <Container className="header-bar">
        <BrandLink brandName={brandName} className="brand-link" />
        <nav aria-label="Main">
          <ul className="nav-list">
            {LEADING.map(navItem)}
            <li className="relative">
              <ServicesMenu services={services} regions={regions} />
            </li>
            {TRAILING.map(navItem)}
            <li>
              <a href={PORTAL_LINK.href} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {PORTAL_LINK.title}
              </a>
            </li>
            {signOutSlot ? <li className="empty:hidden">{signOutSlot}</li> : null}
          </ul>
          <MobileMenu
            leading={LEADING}
            trailing={TRAILING}
            portal={PORTAL_LINK}
            services={services}
            regions={regions}
            signOutSlot={signOutSlot}
          />
        </nav>
      </Container>
    </header>
  )
}
