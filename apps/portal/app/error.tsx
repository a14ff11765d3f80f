'use client'

import { PageErrorScreen } from '@siyakha/ui/page-error'

/** A portal page that failed to render (a ticket read that failed, say), inside the portal header. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageErrorScreen
      error={error}
      retry={retry}
      backHref="/portal/my-tickets"
      backLabel="Back to My Tickets"
    />
  )
}
