import { currentUser } from '@/lib/session'
import { AuthGuard } from './auth-guard'

/** Every /portal page: the server has checked the session; the guard follows it in the browser. */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser()
  return <AuthGuard signedIn={!!user}>{children}</AuthGuard>
}
