import { NotFoundLogger } from '@siyakha/ui/not-found-logger'
import { SkipLink } from '@siyakha/ui/skip-link'
import { Toaster } from '@siyakha/ui/toaster'
import type { Metadata, Viewport } from 'next'
import localFont from 'next/font/local'
import { connection } from 'next/server'
import { PortalHeader } from '@/components/portal-header'
import { PORTAL_URL } from '@/lib/env'
import './globals.css'

const inter = localFont({
  src: './fonts/inter-latin-wght.woff2',
  variable: '--font-inter',
  display: 'swap',
  weight: '100 900',
})

export const metadata: Metadata = {
  metadataBase: new URL(PORTAL_URL),
  title: { default: 'Siyakha Tech Portal', template: '%s | Siyakha Tech Portal' },
  description: 'Log and follow your Siyakha Tech support tickets.',
  applicationName: 'Siyakha Tech Portal',
  robots: { index: false, follow: false },
  // './' resolves against each page's own path (without its query), so every page gets its own
  // canonical and og:url; og:title and og:description follow each page's title and description.
  alternates: { canonical: './' },
  openGraph: { type: 'website', url: './', siteName: 'Siyakha Tech Portal', locale: 'en_ZA' },
  twitter: { card: 'summary' },
}

export const viewport: Viewport = { themeColor: '#0f172a', width: 'device-width', initialScale: 1 }

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request, so Next can put this response's CSP nonce on its scripts (a prerendered
  // page, such as the 404, would carry none and be blocked).
  await connection()
  return (
    <html lang="en-ZA" className={inter.variable}>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <SkipLink />
        <PortalHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Toaster />
        <NotFoundLogger />
      </body>
    </html>
  )
}
