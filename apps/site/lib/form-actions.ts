'use server'

import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { supportRequestSchema } from '@siyakha/schemas/support-request'
import { headers } from 'next/headers'
import { z } from 'zod'
import { callFunction } from './functions'
import { serverEnv } from './server-env'
import { visitorAddress } from './visitor-address'

/*
 * The public forms' server actions. They validate again (the browser's check is a courtesy),
 * pass the honeypot and the visitor's address on for the function's spam and rate-limit checks,
 * and call the edge function with the anon key. Answers are reduced to ok / not ok: the browser
 * gets no server internals.
 */

export type FormResult = { ok: true; reference?: string } | { ok: false; message?: string }

/** The visitor's address: the socket's, or what the trusted proxies saw; never a caller-typed entry. */
async function clientIp(): Promise<string | undefined> {
  return visitorAddress(await headers(), serverEnv.TRUSTED_PROXY_HOPS)
}

async function send(name: string, body: Record<string, unknown>): Promise<FormResult> {
  try {
    const { status, body: answer } = await callFunction(name, { method: 'POST', body, ip: await clientIp() })
    if (status >= 200 && status < 300) {
      const reference = (answer as { reference?: unknown } | null)?.reference
      return { ok: true, reference: typeof reference === 'string' ? reference : undefined }
    }
    console.error(`${name} answered ${status}`, answer)
    return { ok: false, message: status === 429 ? 'rate_limited' : 'failed' }
  } catch (error) {
    console.error(`${name} could not be reached`, error)
    return { ok: false, message: 'unreachable' }
  }
}

const honeypot = z.string().max(500).optional()

export async function submitSupportRequest(payload: unknown, companyWebsite?: string): Promise<FormResult> {
  const parsed = supportRequestSchema.safeParse(payload)
  if (!parsed.success || !honeypot.safeParse(companyWebsite).success)
    return { ok: false, message: 'validation' }
  return send('log-support-call', { ...parsed.data, company_website: companyWebsite ?? '' })
}

export async function submitQuoteRequest(payload: unknown, companyWebsite?: string): Promise<FormResult> {
  const parsed = quoteRequestSchema.safeParse(payload)
  if (!parsed.success || !honeypot.safeParse(companyWebsite).success)
    return { ok: false, message: 'validation' }
  return send('quote-request', { ...parsed.data, company_website: companyWebsite ?? '' })
}

const emailSchema = z.string().trim().max(320).pipe(z.email())

export async function subscribeToNewsletter(email: unknown, companyWebsite?: string): Promise<FormResult> {
  const parsed = emailSchema.safeParse(email)
  if (!parsed.success || !honeypot.safeParse(companyWebsite).success)
    return { ok: false, message: 'validation' }
  return send('newsletter-subscribe', { email: parsed.data, company_website: companyWebsite ?? '' })
}
