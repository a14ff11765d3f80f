import { Container } from '@siyakha/ui/container'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { BrandLink } from './brand-mark'
import { PORTAL_LINK } from './site-header'

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

const linkClasses =
  'rounded-sm text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

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
    <footer className="bg-brand-900 text-slate-300">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <BrandLink
            brandName={brandName}
            className="flex items-center gap-2 rounded-md text-lg font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
          />
          <p className="text-sm leading-relaxed">{tagline}</p>
          <ul className="flex gap-3">
            {socialLinks.map((social) => (
              <li key={social.url}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
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
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {phones.map((phone) => (
              <li key={phone.e164}>
                <span className="block text-xs text-slate-400">{phone.label}</span>
                <a href={`tel:${phone.e164}`} className={linkClasses}>
                  {phone.display}
                </a>
              </li>
            ))}
            {EMAILS.map(([kind, label]) => (
              <li key={kind}>
                <span className="block text-xs text-slate-400">{label}</span>
                <a href={`mailto:${emails[kind]}`} className={linkClasses}>
                  {emails[kind]}
                </a>
              </li>
            ))}
          </ul>
          <address className="mt-4 text-sm leading-relaxed not-italic">
            {address.streetAddress}
            <br />
            {address.locality}, {address.region}, {address.postalCode}
            <br />
            {COUNTRY_NAMES[address.country] ?? address.country}
          </address>
          <p className="mt-2 text-sm">{hours}</p>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6 text-sm">
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
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">{children}</ul>
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

/** Simple-icons style glyphs, inline so the footer needs no icon font or extra request. */
const PLATFORM_PATHS: Record<SocialPlatform, string> = {
  facebook:
    'M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07',
  linkedin:
    'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z',
  instagram:
    'M12 2.16c3.2 0 3.58.01 4.85.07 1.17.05 1.8.25 2.23.41.56.22.96.48 1.38.9.42.42.68.82.9 1.38.16.42.36 1.06.41 2.23.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.05 1.17-.25 1.8-.41 2.23-.22.56-.48.96-.9 1.38-.42.42-.82.68-1.38.9-.42.16-1.06.36-2.23.41-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-1.17-.05-1.8-.25-2.23-.41a3.72 3.72 0 0 1-1.38-.9 3.72 3.72 0 0 1-.9-1.38c-.16-.42-.36-1.06-.41-2.23C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85c.05-1.17.25-1.8.41-2.23.22-.56.48-.96.9-1.38.42-.42.82-.68 1.38-.9.42-.16 1.06-.36 2.23-.41C8.42 2.17 8.8 2.16 12 2.16M12 0C8.74 0 8.33.01 7.05.07 5.78.13 4.9.33 4.14.63a5.88 5.88 0 0 0-2.13 1.38A5.88 5.88 0 0 0 .63 4.14C.33 4.9.13 5.78.07 7.05.01 8.33 0 8.74 0 12s.01 3.67.07 4.95c.06 1.27.26 2.15.56 2.91.3.79.72 1.46 1.38 2.13a5.88 5.88 0 0 0 2.13 1.38c.76.3 1.64.5 2.91.56C8.33 23.99 8.74 24 12 24s3.67-.01 4.95-.07c1.27-.06 2.15-.26 2.91-.56a5.88 5.88 0 0 0 2.13-1.38 5.88 5.88 0 0 0 1.38-2.13c.3-.76.5-1.64.56-2.91.06-1.28.07-1.69.07-4.95s-.01-3.67-.07-4.95c-.06-1.27-.26-2.15-.56-2.91a5.88 5.88 0 0 0-1.38-2.13A5.88 5.88 0 0 0 19.86.63C19.1.33 18.22.13 16.95.07 15.67.01 15.26 0 12 0zm0 5.84a6.16 6.16 0 1 0 0 12.32 6.16 6.16 0 0 0 0-12.32zM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm6.4-11.85a1.44 1.44 0 1 0 0 2.88 1.44 1.44 0 0 0 0-2.88z',
  x: 'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93zm-1.29 19.5h2.04L6.48 3.24H4.3l13.31 17.41z',
  youtube:
    'M23.5 6.19a3.02 3.02 0 0 0-2.12-2.14C19.5 3.55 12 3.55 12 3.55s-7.5 0-9.38.5A3.02 3.02 0 0 0 .5 6.19C0 8.07 0 12 0 12s0 3.93.5 5.81a3.02 3.02 0 0 0 2.12 2.14c1.88.5 9.38.5 9.38.5s7.5 0 9.38-.5a3.02 3.02 0 0 0 2.12-2.14C24 15.93 24 12 24 12s0-3.93-.5-5.81zM9.55 15.57V8.43L15.82 12l-6.27 3.57z',
}

function SocialIcon({ platform }: { platform: string }) {
  const path = PLATFORM_PATHS[platform as SocialPlatform]
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      {path ? <path d={path} /> : <circle cx="12" cy="12" r="6" />}
    </svg>
  )
}
