import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { adminPageAccess, requireUser } from '@/lib/session'
import { AccessDenied } from '../../access-denied'

export const metadata: Metadata = { title: 'Admin' }

/** Where each admin screen lives, and what it is for (issue 46, part 3). */
const SCREENS = [
  {
    href: '/portal/helpdesk/admin/staff',
    title: 'Staff',
    text: 'Invite agents and admins, change roles, deactivate, remove two-factor sign-in.',
  },
  {
    href: '/portal/helpdesk/admin/companies',
    title: 'Companies',
    text: 'Clients, their members and email domains, sites, notes and account managers.',
  },
  {
    href: '/portal/helpdesk/admin/contracts',
    title: 'Contracts',
    text: 'Retainers and pay-as-you-go agreements, their rates and their own SLA plans.',
  },
  {
    href: '/portal/helpdesk/admin/sla',
    title: 'SLA and business calendar',
    text: 'Response and resolution targets, business hours, public holidays and closed days.',
  },
  {
    href: '/portal/helpdesk/canned-replies',
    title: 'Canned replies',
    text: 'Answers agents insert into replies, personal or shared with the team.',
  },
  {
    href: '/portal/helpdesk/admin/log',
    title: 'Admin log',
    text: 'Every change made here: who, when, before and after.',
  },
] as const

/** The provider admin's screens, one click from the helpdesk. */
export default async function AdminPage() {
  await requireUser('/portal/helpdesk/admin')
  if (!(await adminPageAccess('/portal/helpdesk/admin')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Admin</h1>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SCREENS.map((screen) => (
          <li key={screen.href} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <Link
              href={screen.href}
              className="text-lg font-semibold text-brand-800 underline underline-offset-2"
            >
              {screen.title}
            </Link>
            <p className="mt-1 text-sm text-slate-700">{screen.text}</p>
          </li>
        ))}
      </ul>
    </Container>
  )
}
