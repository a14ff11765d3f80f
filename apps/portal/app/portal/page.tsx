import { redirect } from 'next/navigation'
import { currentUserIsStaff, requireUser } from '@/lib/session'

/** Where signing in lands by default: agents on the helpdesk queue, customers on their tickets. */
export default async function PortalLanding() {
  await requireUser('/portal')
  redirect((await currentUserIsStaff()) ? '/portal/helpdesk' : '/portal/tickets')
}
