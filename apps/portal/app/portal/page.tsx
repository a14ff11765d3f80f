import { redirect } from 'next/navigation'
import { requireUser } from '@/lib/session'

/**
 * Where signing in lands by default: agents on the helpdesk queue, customers on their tickets. By
 * the token's staff flag: the helpdesk checks staff powers itself, in the database.
 */
export default async function PortalLanding() {
  const user = await requireUser('/portal')
  redirect(user.staff ? '/portal/helpdesk' : '/portal/tickets')
}
