'use client'

import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { ReactNode } from 'react'
import { PORTAL_LINK } from '@/lib/routes'
import { BrandLink } from './brand-mark'
import { spriteHref } from './sprite'

/*
 * A client component though only its links do anything: a server component's markup goes out
 * twice on every page, as HTML and again as a tree of elements in the RSC payload, and the footer's
 * tree was 6.4 KB of each page's. As a client component the payload carries its props, and the
 * markup's shape ships once, in a cached script. Not an island (sections/islands.tsx): the footer
 * outlives navigations, and an update that reaches a part React has not hydrated yet waits for its
 * code, which an island loads only when the part nears the screen.
 */

type FooterLink = { title: string; href: string }

export type SocialPlatform = 'facebook' | 'linkedin' | 'instagram' | 'x' | 'youtube'

export type SiteFooterProps = {
  brandName: string
  tagline: string
  phones: { label: string; e164: string; display: string }[]
  emails: { support: string; careers: string; accounts: string }
  address: { streetAddress: string; locality: string; region: string; postalCode: string; country: string }
  hours: string
  socialLinks: { platform: SocialPlatform | (string & {}); url: string }[]
  services: FooterLink[]
  /** The server's year: a page built on 31 December still hydrates on 1 January. */
  year: number
}

const COMPANY: FooterLink[] = [
  { title: 'About', href: '/about' },
  { title: 'Projects', href: '/projects' },
  { title: 'Blog', href: '/blog' },
  { title: 'Careers', href: '/careers' },
  { title: 'Support Deals', href: '/support-deals' },
  { title: 'Log a Call', href: '/log-it' },
  { title: 'Privacy', href: '/privacy' },
  { title: 'Terms', href: '/terms' },
]

const EMAILS = [
  ['support', 'Support'],
  ['careers', 'Careers'],
  ['accounts', 'Accounts'],
] as const

const COUNTRY_NAMES: Record<string, string> = { ZA: 'South Africa', GB: 'United Kingdom', AO: 'Angola' }

/** globals.css */
const linkClasses = 'footer-link'

const footerItem = (link: FooterLink) => (
  <li key={link.href}>
    <Link href={link.href} className={linkClasses}>
      {link.title}
    </Link>
  </li>
)

export function SiteFooter({
  brandName,
  tagline,
  phones,
  emails,
  address,
  hours,
  socialLinks,
  services,
  year,
}: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <Container className="footer-grid">
        <div className="space-y-4">
          <BrandLink brandName={brandName} className="brand-link-dark" />
          <p className="footer-text">{tagline}</p>
          <ul className="flex gap-3">
            {socialLinks.map((social) => (
              <li key={social.url}>
                <a href={social.url} target="_blank" rel="noopener noreferrer" className="social-link">
                  <span className="sr-only">
                    {brandName} on {platformName(social.platform)}
                  </span>
                  <SocialIcon platform={social.platform} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterColumn title="Services">{services.map(footerItem)}</FooterColumn>

        <FooterColumn title="Company">
          {COMPANY.map(footerItem)}
          <li>
            <a href={PORTAL_LINK.href} className={linkClasses}>
              {PORTAL_LINK.title}
            </a>
          </li>
        </FooterColumn>

        <div>
          <h2 className="footer-heading">Contact</h2>
          <ul className="footer-list">
            {phones.map((phone) => (
              <li key={phone.e164}>
                <span className="footer-label">{phone.label}</span>
                <a href={`tel:${phone.e164}`} className={linkClasses}>
                  {phone.display}
                </a>
              </li>
            ))}
            {EMAILS.map(([kind, label]) => (
              <li key={kind}>
                <span className="footer-label">{label}</span>
                <a href={`mailto:${emails[kind]}`} className={linkClasses}>
                  {emails[kind]}
                </a>
              </li>
            ))}
          </ul>
          <address className="footer-address">
            {address.streetAddress}
            <br />
            {address.locality}, {address.region}, {address.postalCode}
            <br />
            {COUNTRY_NAMES[address.country] ?? address.country}
          </address>
          <p className="footer-hours">{hours}</p>
        </div>
      </Container>
      <div className="footer-base">
        <Container className="py-6">
          <p>
            © {year} {brandName}. All rights reserved.
          </p>
        </Container>
      </div>
    </footer>
  )
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="footer-heading">{title}</h2>
      <ul className="footer-list">{children}</ul>
    </div>
  )
}

const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
}

function platformName(platform: string): string {
  return PLATFORM_NAMES[platform as SocialPlatform] ?? platform
}

/** Simple-icons style glyphs, symbols of the icon sprite (one cached file, not paths in every page). */
function SocialIcon({ platform }: { platform: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
      {Object.hasOwn(PLATFORM_NAMES, platform) ? (
        <use href={spriteHref(`social-${platform}`)} />
      ) : (
        <circle cx="12" cy="12" r="6" />
      )}
    </svg>
  )
}
