import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import { SITE_URL } from '@/lib/env'
import { currentUser } from '@/lib/session'
import { statementCompanies } from '@/lib/statement-access'

/**
 * Brand, the way back to the website, and — when signed in — the portal links (for staff also
 * Helpdesk, and Security for two-factor sign-in) and Sign Out.
 */
export async function PortalHeader() {
  // The staff links follow the token's flag: asking the database here cost every page a query.
  const user = await currentUser()
  const isStaff = user?.staff === true
  // Company admins read their company's monthly statement (one small query, customers only).
  const companyAdmin = !isStaff && (await statementCompanies()).length > 0
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
        <a href={SITE_URL} className="text-lg font-bold whitespace-nowrap text-brand-900">
          Siyakha Tech <span className="font-normal text-slate-600">Portal</span>
        </a>
        {user ? (
          <nav aria-label="Portal" className="flex flex-wrap items-center gap-2 sm:gap-4">
            <Link href="/portal/tickets" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              New ticket
            </Link>
            <Link href="/portal/my-tickets" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              My Tickets
            </Link>
            <Link href="/portal/notifications" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Notifications
            </Link>
            {companyAdmin ? (
              <Link href="/portal/statement" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Statement
              </Link>
            ) : null}
            {isStaff ? (
              <>
                <Link href="/portal/helpdesk" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Helpdesk
                </Link>
                <Link href="/portal/security" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Security
                </Link>
              </>
            ) : null}
            <span className="hidden text-sm text-slate-600 md:inline">{user.email}</span>
            <SignOutButton />
          </nav>
        ) : (
          <a href={SITE_URL} className={buttonClasses({ variant: 'link', size: 'sm' })}>
            Back to website
          </a>
        )}
      </Container>
    </header>
  )
}

/** A plain POST form: works before hydration and cannot be triggered by a link or a prefetch. */
export function SignOutButton() {
  return (
    <form action="/auth/signout" method="post">
      <button type="submit" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        Sign Out
      </button>
    </form>
  )
}
