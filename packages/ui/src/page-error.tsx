'use client'

import { lazy, Suspense } from 'react'
import type { ErrorScreenProps } from './error-screen'

// Every page carries an error boundary but few ever show it, so the screen's code loads when a page
// fails rather than with every page. Should that load fail too, the app's global-error (which
// imports ErrorScreen itself) shows.
const ErrorScreen = lazy(() => import('./error-screen').then((m) => ({ default: m.ErrorScreen })))

/** ErrorScreen for an app's error.tsx, its code loaded on the first failure. */
export function PageErrorScreen(props: ErrorScreenProps) {
  return (
    <Suspense>
      <ErrorScreen {...props} />
    </Suspense>
  )
}
