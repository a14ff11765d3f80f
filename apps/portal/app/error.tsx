'use client'

import { ErrorScreen } from '@siyakha/ui/error-screen'

/** A portal page that failed to render (a ticket read that failed, say), inside the portal header. */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <ErrorScreen error={error} retry={retry} backHref="/portal/my-tickets" backLabel="Back to My Tickets" />
  )
}
