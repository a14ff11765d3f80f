'use client'

import { lazy, Suspense } from 'react'
import { useSiteSession } from '@/lib/use-session'
import type { AdminQuickActionsProps } from './admin-quick-actions-panel'

// The panel pulls in the action form, the server action's reference and the toaster; only
// provider admins ever see it, so it loads once the site's server says the visitor is one.
const AdminQuickActionsPanel = lazy(() =>
  import('./admin-quick-actions-panel').then((m) => ({ default: m.AdminQuickActionsPanel })),
)

export type { AdminQuickActionsProps }

/** The admin quick-action panel, for provider admins only (the site's server says who is). */
export function AdminQuickActions(props: AdminQuickActionsProps) {
  const session = useSiteSession()
  if (!session.admin) return null
  return (
    <Suspense fallback={null}>
      <AdminQuickActionsPanel {...props} />
    </Suspense>
  )
}
