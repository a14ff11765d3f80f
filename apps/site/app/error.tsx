'use client'

import { lazy, Suspense } from 'react'

// Every page carries this boundary but few ever show it, so the screen's code loads when a page
// fails rather than with every page. Should that load fail too, global-error (self-contained) shows.
const ErrorScreen = lazy(() => import('@siyakha/ui/error-screen').then((m) => ({ default: m.ErrorScreen })))

/** A page that failed to render, inside the site's header and footer. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Suspense>
      <ErrorScreen error={error} retry={retry} backHref="/" backLabel="Return to Home" />
    </Suspense>
  )
}
