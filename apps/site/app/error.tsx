'use client'

import { ErrorScreen } from '@siyakha/ui/error-screen'

/** A page that failed to render, inside the site's header and footer. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorScreen error={error} retry={retry} backHref="/" backLabel="Return to Home" />
}
