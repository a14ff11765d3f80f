import { NotFoundLogger } from '@siyakha/ui/not-found-logger'
import { SkipLink } from '@siyakha/ui/skip-link'
import { Toaster } from '@siyakha/ui/toaster'
import type { Metadata, Viewport } from 'next'
import localFont from 'next/font/local'
import { Activity } from 'react'
import { AdminQuickActions } from '@/components/admin-quick-actions'
import { HashScroll } from '@/components/hash-scroll'
import { JsonLd } from '@/components/json-ld'
import { SignOutButton } from '@/components/sign-out-button'
import { SiteFooter } from '@/components/site-footer'
import { SiteHeader } from '@/components/site-header'
import { WhatsappEnquiry } from '@/components/whatsapp-enquiry'
import { getNavigation, getSettings } from '@/lib/content'
import { SITE_URL } from '@/lib/env'
import { businessJsonLd } from '@/lib/json-ld'
import { serviceHref } from '@/lib/routes'
import './globals.css'

const inter = localFont({
  src: './fonts/inter-subset.woff2',
  variable: '--font-inter',
  display: 'swap',
  weight: '400 800',
})

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSettings()
  return {
    metadataBase: new URL(SITE_URL),
    title: { default: settings.brandName, template: `%s | ${settings.brandName}` },
    description: settings.description,
    applicationName: settings.brandName,
    alternates: { types: { 'application/rss+xml': `${SITE_URL}/blog/rss.xml` } },
  }
}

export const viewport: Viewport = { themeColor: '#0f172a', width: 'device-width', initialScale: 1 }

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [settings, nav] = await Promise.all([getSettings(), getNavigation()])
  const { brandName } = settings
  const services = nav.services.map((s) => ({
    title: s.navTitle ?? s.title,
    href: serviceHref(s.slug, null),
  }))
  const regions = nav.regions.map((r) => ({ title: r.navTitle, href: `/${r.slug}` }))
  const hours = settings.openingHours
    .map((h) => `${h.days[0]?.slice(0, 3)}–${h.days.at(-1)?.slice(0, 3)} ${h.opens}–${h.closes}`)
    .join(', ')
  // Header, page and footer each hydrate inside an <Activity>. React leaves such a boundary as the
  // server drew it while it hydrates the rest, then hydrates it apart, in slices of a few
  // milliseconds between which the browser can paint and answer input, so a page's hydration is
  // not one long task that grows with the page (home's longest task at 4x CPU: 413 -> 300 ms; the
  // empty Next page's is ~410; docs/performance.md). A click on a part not yet hydrated makes React
  // hydrate it at once and then deliver the click.
  return (
    <html lang="en-ZA" className={inter.variable}>
      <body className="site-body">
        <SkipLink />
        <Activity>
          <SiteHeader
            brandName={brandName}
            services={services}
            regions={regions}
            signOutSlot={<SignOutButton />}
          />
        </Activity>
        <main id="main" className="flex-1">
          <Activity>{children}</Activity>
        </main>
        <Activity>
          <SiteFooter
            brandName={brandName}
            tagline={settings.tagline}
            phones={settings.phones.map(({ label, e164, display }) => ({ label, e164, display }))}
            emails={settings.emails}
            address={settings.address}
            hours={hours}
            socialLinks={settings.socialLinks.map(({ platform, url }) => ({ platform, url }))}
            services={services}
            year={new Date().getFullYear()}
          />
        </Activity>
        {settings.whatsappNumber ? <WhatsappEnquiry whatsappNumber={settings.whatsappNumber} /> : null}
        <AdminQuickActions companyName={brandName} adminEmail={settings.emails.accounts} />
        <HashScroll />
        <NotFoundLogger />
        <Toaster />
        <JsonLd
          data={businessJsonLd({
            brandName,
            legalName: settings.legalName,
            description: settings.description,
            phone: settings.phones[0]?.e164,
            email: settings.emails.support,
            address: settings.address,
            openingHours: settings.openingHours,
            areasServed: settings.areasServed,
            socialLinks: settings.socialLinks.flatMap((s) => (s.url ? [s.url] : [])),
            established: settings.established,
          })}
        />
      </body>
    </html>
  )
}
