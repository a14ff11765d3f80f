'use server'

import { newsletterSubscribeSchema } from '@siyakha/schemas/newsletter'
import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { fieldErrors, supportRequestSchema } from '@siyakha/schemas/support-request'
import { enquiryLink } from '@siyakha/schemas/whatsapp'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { getSettings } from './content'
import type { FormState } from './form-state'
import { valuesOf } from './form-state'
import { callFunction } from './functions'
import { serverEnv } from './server-env'
import { visitorAddress } from './visitor-address'

/*
 * The public forms' server actions. The forms post here (with JavaScript or without, so nothing
 * typed ever lands in a URL). They validate again (the browser's check is a courtesy), pass the
 * honeypot and the visitor's address on for the function's spam and rate-limit checks, and call
 * the edge function with the anon key. Answers are reduced to a reason: the browser gets no server
 * internals, but does get back what it sent.
 */

const HONEYPOT = 'company_website'
const honeypot = z.string().max(500)

/** The visitor's address: the socket's, or what the trusted proxies saw; never a caller-typed entry. */
async function clientIp(): Promise<string | undefined> {
  return visitorAddress(await headers(), serverEnv.TRUSTED_PROXY_HOPS)
}

function refused(
  values: Record<string, string>,
  reason: Extract<FormState, { status: 'error' }>['reason'],
  errors: Record<string, string> = {},
): FormState {
  return { status: 'error', reason, fieldErrors: errors, values, at: Date.now() }
}

async function send(
  name: string,
  body: Record<string, unknown>,
  values: Record<string, string>,
): Promise<FormState> {
  try {
    const { status, body: answer } = await callFunction(name, { method: 'POST', body, ip: await clientIp() })
    if (status >= 200 && status < 300) {
      const reference = (answer as { reference?: unknown } | null)?.reference
      return {
        status: 'success',
        reference: typeof reference === 'string' ? reference : undefined,
        at: Date.now(),
      }
    }
    console.error(`${name} answered ${status}`, answer)
    return refused(values, status === 429 ? 'rate_limited' : 'failed')
  } catch (error) {
    console.error(`${name} could not be reached`, error)
    return refused(values, 'unreachable')
  }
}

const SUPPORT_FIELDS = ['full_name', 'contact_number', 'whatsapp_number', 'email', 'category', 'description']

export async function supportRequestAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = valuesOf(formData, SUPPORT_FIELDS)
  const trap = honeypot.safeParse(valuesOf(formData, [HONEYPOT])[HONEYPOT])
  const input = { ...values, preferred_channel: 'email' }
  const parsed = supportRequestSchema.safeParse(input)
  if (!parsed.success || !trap.success)
    return refused(values, 'validation', fieldErrors(supportRequestSchema, input))
  return send('log-support-call', { ...parsed.data, company_website: trap.data }, values)
}

const QUOTE_FIELDS = ['full_name', 'company', 'email', 'phone', 'service', 'message']

export async function quoteRequestAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = valuesOf(formData, QUOTE_FIELDS)
  const trap = honeypot.safeParse(valuesOf(formData, [HONEYPOT])[HONEYPOT])
  const parsed = quoteRequestSchema.safeParse(values)
  if (!parsed.success || !trap.success)
    return refused(values, 'validation', fieldErrors(quoteRequestSchema, values))
  return send('quote-request', { ...parsed.data, company_website: trap.data }, values)
}

export async function newsletterAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = valuesOf(formData, ['email'])
  const trap = honeypot.safeParse(valuesOf(formData, [HONEYPOT])[HONEYPOT])
  const parsed = newsletterSubscribeSchema.safeParse(values)
  if (!parsed.success || !trap.success) {
    return refused(values, 'validation', fieldErrors(newsletterSubscribeSchema, values))
  }
  return send('newsletter-subscribe', { email: parsed.data.email, company_website: trap.data }, values)
}

/**
 * The Quick WhatsApp Enquiry posted without JavaScript (with it, the dialog opens the chat itself):
 * on to the chat with the company number from the settings; an incomplete enquiry goes nowhere.
 */
export async function whatsappEnquiryAction(formData: FormData): Promise<void> {
  const {
    name = '',
    email = '',
    phone = '',
    service = '',
    message = '',
  } = valuesOf(formData, ['name', 'email', 'phone', 'service', 'message'])
  const settings = await getSettings()
  const link = settings.whatsappNumber
    ? enquiryLink(settings.whatsappNumber, { name, email, phone, service, message })
    : null
  if (link) redirect(link)
}
