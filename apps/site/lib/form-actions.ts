'use server'

import { type ActionState, succeeded } from '@siyakha/schemas/action-state'
import { newsletterSubscribeSchema } from '@siyakha/schemas/newsletter'
import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { supportRequestSchema } from '@siyakha/schemas/support-request'
import { enquiryLink, whatsappEnquirySchema } from '@siyakha/schemas/whatsapp'
import { callFunction } from '@siyakha/supabase/functions'
import { redirect } from 'next/navigation'
import { functionRefusal, type SiteActionContext, siteAction } from './action'
import { getSettings } from './content'

/*
 * The public forms' server actions: each calls its edge function with the anon key, passing the
 * honeypot and the visitor's address on for the function's spam and rate-limit checks.
 */

export type Sent = { reference?: string }

async function send(
  name: string,
  body: Record<string, unknown>,
  { values, honeypot, visitor }: SiteActionContext<string>,
): Promise<ActionState<Sent>> {
  const result = await callFunction(name, { body: { ...body, company_website: honeypot }, visitor })
  if (!result.ok) return functionRefusal(result.error, values)
  const reference = (result.data as { reference?: unknown } | null)?.reference
  return succeeded({ reference: typeof reference === 'string' ? reference : undefined })
}

export const supportRequestAction = siteAction({
  fields: ['full_name', 'contact_number', 'whatsapp_number', 'email', 'category', 'description'],
  schema: supportRequestSchema,
  input: (values) => ({ ...values, preferred_channel: 'email' }),
  run: (data, context) => send('log-support-call', data, context),
})

export const quoteRequestAction = siteAction({
  fields: ['full_name', 'company', 'email', 'phone', 'service', 'message'],
  schema: quoteRequestSchema,
  run: (data, context) => send('quote-request', data, context),
})

export const newsletterAction = siteAction({
  fields: ['email'],
  schema: newsletterSubscribeSchema,
  run: (data, context) => send('newsletter-subscribe', { email: data.email }, context),
})

/**
 * The Quick WhatsApp Enquiry posted without JavaScript (with it, the dialog opens the chat itself):
 * on to the chat with the company number from the settings; an incomplete enquiry stays put.
 */
export const whatsappEnquiryAction = siteAction({
  fields: ['name', 'email', 'phone', 'service', 'message'],
  schema: whatsappEnquirySchema,
  run: async (data) => {
    const settings = await getSettings()
    const link = settings.whatsappNumber ? enquiryLink(settings.whatsappNumber, data) : null
    if (link) redirect(link)
    return succeeded(null)
  },
})
