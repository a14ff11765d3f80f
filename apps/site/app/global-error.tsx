'use client'

import { ErrorScreen } from '@siyakha/ui/error-screen'
import './globals.css'

/**
 * The root layout itself failed (it reads the site settings, so a content outage lands here): this
 * replaces the whole document, so it brings its own <html>, <body> and styles.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-ZA">
      <body className="bg-white font-sans text-slate-900 antialiased">
        <title>Something went wrong</title>
        <main id="main">
          <ErrorScreen error={error} retry={retry} backHref="/" backLabel="Return to Home" />
        </main>
      </body>
    </html>
  )
}
