'use client'

import { lazy, Suspense } from 'react'

// Every page carries this boundary but few ever show it, so the screen's code loads when a page
// fails rather than with every page. Should that load fail too, global-error (self-contained) shows.
const ErrorScreen = lazy(() => import('@siyakha/ui/error-screen').then((m) => ({ default: m.ErrorScreen })))

/** A portal page that failed to render (a ticket read that failed, say), inside the portal header. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Suspense>
      <ErrorScreen error={error} retry={retry} backHref="/portal/my-tickets" backLabel="Back to My Tickets" />
    </Suspense>
  )
}
