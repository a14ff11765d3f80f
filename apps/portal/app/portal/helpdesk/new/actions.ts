'use server'

import { clientTicketSchema } from '@siyakha/schemas/helpdesk'
import { logTicketForClientMutation } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { portalAction, refuse } from '@/lib/action'

/**
 * 'Log ticket' (/portal/helpdesk/new), staff only: the ticket is created as the agent (the
 * database checks the role again), then the agent lands on it, where 'Send Update via WhatsApp'
 * messages the client's own number.
 */
export const logTicketForClientAction = portalAction({
  role: 'staff',
  fields: ['full_name', 'email', 'phone', 'channel', 'priority', 'summary', 'details'],
  schema: clientTicketSchema,
  run: async (data, context) => {
    let ticketId: string
    try {
      const created = await logTicketForClientMutation(context.supabase, {
        email: data.email,
        fullName: data.full_name,
        phone: data.phone || null,
        channel: data.channel,
        priority: data.priority,
        summary: data.summary,
        details: data.details || null,
      })
      ticketId = created.ticket_id
    } catch (error) {
      console.error('Could not log the ticket for the client', error)
      return refuse(context, 'failed', 'The ticket was not logged. Please try again.')
    }
    revalidatePath('/portal/helpdesk')
    redirect(`/portal/helpdesk/${ticketId}`)
  },
})
