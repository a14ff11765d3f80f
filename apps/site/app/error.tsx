'use client'

import { PageErrorScreen } from '@siyakha/ui/page-error'

/** A page that failed to render, inside the site's header and footer. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <PageErrorScreen error={error} retry={retry} backHref="/" backLabel="Return to Home" />
}
