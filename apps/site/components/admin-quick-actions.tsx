'use client'

import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { Button } from '@siyakha/ui/button'
import { toast } from '@siyakha/ui/toaster'
import { useEffect, useId, useState } from 'react'
import { useSiteSession } from '@/lib/use-session'

export type AdminQuickActionsProps = {
  supabaseUrl: string
  anonKey: string
  /** The provider's own company (spec §9: fixed values). */
  companyName: string
  adminEmail: string
}

/**
 * The admin quick-action panel, for provider admins only. supabase-js loads only for a visitor
 * with a session cookie (see useSiteSession); signed-out visitors get nothing but a cookie check.
 */
export function AdminQuickActions({ companyName, adminEmail, supabaseUrl, anonKey }: AdminQuickActionsProps) {
  const session = useSiteSession(supabaseUrl)
  const [client, setClient] = useState<TypedSupabaseClient | null>(null)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const panelId = useId()

  const signedIn = session.state === 'signed-in' ? session.client : null

  useEffect(() => {
    if (!signedIn) {
      setClient(null)
      return
    }
    let cancelled = false
    import('@siyakha/supabase/queries')
      .then(async ({ isProviderAdminQuery }) => {
        const admin = await isProviderAdminQuery(signedIn)
        if (!cancelled) setClient(admin ? signedIn : null)
      })
      .catch((error: unknown) => console.error('Admin role check failed', error))
    return () => {
      cancelled = true
    }
  }, [signedIn])

  if (!client) return null

  const createCompany = async () => {
    setBusy(true)
    toast('Creating company…', { description: 'Inviting admin and assigning roles' })
    try {
      const { data } = await client.auth.getSession()
      const token = data.session?.access_token
      if (!token) throw new Error('Auth session missing!')
      const response = await fetch(`${supabaseUrl}/functions/v1/create-company-admin`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ company_name: companyName, admin_email: adminEmail, make_superadmin: true }),
      })
      const body: unknown = await response.json().catch(() => null)
      const result = (body ?? {}) as {
        company_id?: string
        admin_user_id?: string
        error?: string
        message?: string
      }
      if (!response.ok || !result.company_id) {
        throw new Error(result.message ?? result.error ?? `The server answered ${response.status}`)
      }
      toast('Success', {
        description: `Company ${result.company_id} and admin user ${result.admin_user_id} are set up.`,
        variant: 'success',
      })
    } catch (error) {
      console.error('Company creation failed', error)
      toast('Failed', {
        description: error instanceof Error && error.message ? error.message : 'Unexpected error',
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

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
        <Button size="sm" className="mt-3 w-full" disabled={busy} onClick={createCompany}>
          {busy ? 'Creating…' : 'Create company admin'}
        </Button>
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
