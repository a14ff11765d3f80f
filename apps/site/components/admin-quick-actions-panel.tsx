'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { toast } from '@siyakha/ui/toaster'
import { useId, useState } from 'react'
import { createCompanyAdminAction } from '@/lib/admin-actions'

export type AdminQuickActionsProps = {
  /** The provider's own company (fixed values); the server action uses the same settings. */
  companyName: string
  adminEmail: string
}

/**
 * The admin quick-action panel, mounted by AdminQuickActions for provider admins only. The action
 * posts to a server action, which calls the function with the visitor's session.
 */
export function AdminQuickActionsPanel({ companyName, adminEmail }: AdminQuickActionsProps) {
  const form = useActionForm({
    action: createCompanyAdminAction,
    success: ({ data }) => ({
      title: 'Success',
      description: `Company ${data.companyId} and admin user ${data.adminUserId} are set up.`,
      variant: 'success',
    }),
    failure: (state) => ({
      title: 'Failed',
      description: state.message || 'Unexpected error',
      variant: 'destructive',
    }),
  })
  const busy = form.pending
  const [open, setOpen] = useState(false)
  const panelId = useId()

  return (
    <aside aria-label="Admin quick actions" className="fixed bottom-4 left-4 z-40 sm:bottom-6 sm:left-6">
      <div
        id={panelId}
        hidden={!open}
        className="mb-2 w-72 rounded-xl bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200"
      >
        <h2 className="font-bold text-slate-900">Admin quick actions</h2>
        <p className="mt-1 text-slate-600">
          Set up {companyName} with {adminEmail} as its company admin and provider admin.
        </p>
        <form
          action={form.formAction}
          onSubmit={() => toast('Creating company…', { description: 'Inviting admin and assigning roles' })}
        >
          <Button type="submit" size="sm" className="mt-3 w-full" disabled={busy}>
            {busy ? 'Creating…' : 'Create company admin'}
          </Button>
        </form>
      </div>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="shadow-lg"
      >
        Admin
      </Button>
    </aside>
  )
}
