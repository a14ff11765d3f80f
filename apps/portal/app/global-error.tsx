'use client'

import { ErrorScreen } from '@siyakha/ui/error-screen'
import { SITE_URL } from '@/lib/env'
import './globals.css'

/**
 * The root layout itself failed: this replaces the whole document, so it brings its own <html>,
 * <body> and styles, and leads back to the website, which does not depend on the portal.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-ZA">
      <body className="bg-slate-50 font-sans text-slate-900 antialiased">
        <title>Something went wrong | Siyakha Tech Portal</title>
        <main id="main">
          <ErrorScreen error={error} retry={retry} backHref={SITE_URL} backLabel="Back to the website" />
        </main>
      </body>
    </html>
  )
}
