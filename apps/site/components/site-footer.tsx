import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { ReactNode } from 'react'
import { BrandLink } from './brand-mark'
import { PORTAL_LINK } from './site-header'
import { spriteHref } from './sprite'

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
}: SiteFooterProps) {
  const year = new Date().getFullYear()
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
