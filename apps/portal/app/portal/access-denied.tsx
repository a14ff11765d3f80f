import { HELPDESK_MESSAGES } from '@siyakha/schemas/helpdesk'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'

/**
 * What a ticket page shows when the ticket is missing, unreadable or not the user's to see: the
 * same words either way, so a refusal does not reveal that a ticket exists.
 */
export function AccessDenied({
  backHref = '/portal/my-tickets',
  backLabel = 'Back to My Tickets',
}: {
  backHref?: string
  backLabel?: string
}) {
  return (
    <Container width="3xl" className="py-16">
      <p role="alert" className="text-lg font-semibold text-brand-900">
        {HELPDESK_MESSAGES.notFound}
      </p>
      <Link href={backHref} className="mt-4 inline-block text-brand-700 underline underline-offset-2">
        {backLabel}
      </Link>
    </Container>
  )
}
