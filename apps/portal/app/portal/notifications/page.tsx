import { CUSTOMER_NOTIFICATIONS, STAFF_NOTIFICATIONS } from '@siyakha/schemas/notifications'
import { notificationPreferencesQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { requireUser, serverSupabase } from '@/lib/session'
import { SettingsForm } from './settings-form'

export const metadata: Metadata = { title: 'Email notifications' }

/**
 * Which ticket emails a person gets (every mail's footer links here). Customers choose replies and
 * status news; staff (by the token's flag) also the helpdesk's alerts, which only staff are sent
 * whatever they choose here. The acknowledgement of a new ticket always comes: it carries the
 * reference.
 */
export default async function NotificationsPage() {
  const user = await requireUser('/portal/notifications')
  const { data: saved } = await notificationPreferencesQuery(await serverSupabase())
  const enabled = new Map(saved.map((row) => [row.category, row.enabled]))
  const labels: Record<string, string> = {
    ...CUSTOMER_NOTIFICATIONS,
    ...(user.staff ? STAFF_NOTIFICATIONS : {}),
  }
  const choices = Object.entries(labels).map(([category, label]) => ({
    category,
    label,
    enabled: enabled.get(category) ?? true,
  }))
  return (
    <Container width="3xl" className="space-y-6 py-10">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Email notifications</h1>
        <p className="mt-2 text-slate-600">
          Choose which ticket emails you get. We always confirm a new ticket with its reference.
        </p>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SettingsForm choices={choices} />
      </section>
    </Container>
  )
}
