// The public edge functions (verify_jwt off): the site's forms and view counters.

import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import { describe, expect, it } from 'vitest'
import { callFunction, mailCount, mailsTo, service, uniqueEmail, uniqueIp } from './functions-helpers'

const SUPPORT_INBOX = 'support@siyakha.example'

function supportRequest(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Thandi Mokoena',
    contact_number: '011 000 0000',
    whatsapp_number: '+27 82 000 0000',
    email: uniqueEmail('support'),
    category: 'Network Issue',
    description: 'The office Wi-Fi drops every afternoon around three.',
    preferred_channel: 'email',
    ...overrides,
  }
}

function quoteRequest(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Pieter van Wyk',
    company: 'Van Wyk Logistics',
    email: uniqueEmail('quote'),
    phone: '+27 11 000 0000',
    service: 'cloud-and-edge-solutions',
    message: 'We want to move our file server and backups to the cloud.',
    ...overrides,
  }
}

describe('log-support-call', () => {
  it('stores the request with an SR- reference and emails the requester and the support inbox', async () => {
    const request = supportRequest()
    const { status, body } = await callFunction('log-support-call', { body: request })
    expect(status).toBe(200)
    expect(body).toEqual({ reference: expect.stringMatching(/^SR-[A-Z0-9]{6}$/) })
    const reference = body.reference as string

    const { data: row } = await service()
      .from('support_requests')
      .select('*')
      .eq('reference', reference)
      .single()
    expect(row).toMatchObject({
      full_name: request.full_name,
      contact_number: request.contact_number,
      whatsapp_number: request.whatsapp_number,
      email: request.email,
      category: request.category,
      description: request.description,
      preferred_channel: 'email',
    })

    const [confirmation] = await mailsTo(request.email, reference)
    expect(confirmation?.Subject).toBe(`We've received your support request ${reference}`)
    expect(confirmation?.Text).toContain(request.description)
    const [notification] = await mailsTo(SUPPORT_INBOX, reference)
    expect(notification?.Subject).toContain(`New support request ${reference}`)
    for (const value of [
      request.full_name,
      request.contact_number,
      request.whatsapp_number,
      request.email,
      request.category,
      request.description,
    ]) {
      expect(notification?.Text).toContain(value)
    }
  })

  it('stores an empty WhatsApp number as null', async () => {
    const { status, body } = await callFunction('log-support-call', {
      body: supportRequest({ whatsapp_number: '' }),
    })
    expect(status).toBe(200)
    const { data } = await service()
      .from('support_requests')
      .select('whatsapp_number')
      .eq('reference', body.reference)
      .single()
    expect(data?.whatsapp_number).toBeNull()
  })

  it.each([
    ['full_name', 'T', 'Please enter your full name'],
    ['contact_number', '0110', 'Please enter a valid contact number'],
    ['email', 'thandi@', 'Please enter a valid email address'],
    ['category', '', 'Please select a category'],
    ['description', 'too short', 'Please provide a brief description'],
  ])('400 with the spec message when %s is invalid', async (field, value, message) => {
    const { status, body } = await callFunction('log-support-call', {
      body: supportRequest({ [field]: value }),
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'validation', fields: { [field]: message } })
    expect(Object.keys(body.fields)).toEqual([field])
  })

  it('reports every invalid field at once', async () => {
    const { status, body } = await callFunction('log-support-call', { body: { preferred_channel: 'email' } })
    expect(status).toBe(400)
    expect(body.fields).toEqual({
      full_name: expect.any(String),
      contact_number: expect.any(String),
      email: expect.any(String),
      category: expect.any(String),
      description: expect.any(String),
    })
  })

  it('rejects another preferred channel', async () => {
    const { status, body } = await callFunction('log-support-call', {
      body: supportRequest({ preferred_channel: 'whatsapp' }),
    })
    expect(status).toBe(400)
    expect(Object.keys(body.fields)).toEqual(['preferred_channel'])
  })

  it('400 for a body that is not JSON, without a stack trace', async () => {
    const { status, body } = await callFunction('log-support-call', { raw: '{"full_name": ' })
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'invalid_json', message: expect.any(String) })
    const array = await callFunction('log-support-call', { raw: '[1,2]' })
    expect([array.status, array.body.error]).toEqual([400, 'invalid_json'])
  })

  it('honeypot: a filled company_website gets a reference but nothing is stored or sent', async () => {
    const request = supportRequest({ company_website: 'https://spam.example' })
    const { status, body } = await callFunction('log-support-call', { body: request })
    expect(status).toBe(200)
    expect(body.reference).toMatch(/^SR-[A-Z0-9]{6}$/)
    const { data } = await service().from('support_requests').select('id').eq('email', request.email)
    expect(data).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await mailCount(request.email)).toBe(0)
  })

  it('rate limit: the sixth request from one address in 10 minutes gets 429 with Retry-After', async () => {
    const ip = uniqueIp()
    for (let i = 0; i < 5; i++) {
      const { status } = await callFunction('log-support-call', {
        ip,
        body: supportRequest({ company_website: 'bot' }),
      })
      expect(status).toBe(200)
    }
    const limited = await callFunction('log-support-call', { ip, body: supportRequest() })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toBe('rate_limited')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    // Another address is unaffected.
    expect((await callFunction('log-support-call', { body: supportRequest() })).status).toBe(200)
  })

  it('rate limit: forged X-Forwarded-For entries and vouched addresses without the secret do not reset it', async () => {
    // Each request claims another address; none can prove it, so all count for 127.0.0.1, the
    // address the gateway saw. (The only test in this run that uses the unvouched address.)
    const forged = (i: number) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
      [VISITOR_ADDRESS_HEADER]: `203.0.113.${i + 1}`,
      [FORWARDER_SECRET_HEADER]: 'a-guess',
    })
    for (let i = 0; i < 5; i++) {
      const { status } = await callFunction('log-support-call', {
        ip: null,
        headers: forged(i),
        body: supportRequest({ company_website: 'bot' }),
      })
      expect(status).toBe(200)
    }
    const limited = await callFunction('log-support-call', {
      ip: null,
      headers: forged(5),
      body: supportRequest(),
    })
    expect(limited.status).toBe(429)
  })

  it('answers the CORS preflight and refuses other methods with 405', async () => {
    const preflight = await fetch(
      `${(await import('./functions-helpers')).urls.functions}/log-support-call`,
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:3000',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
        },
      },
    )
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy()
    const allowed = preflight.headers.get('access-control-allow-headers') ?? ''
    for (const header of ['authorization', 'apikey', 'content-type', 'x-client-info']) {
      expect(allowed).toContain(header)
    }
    const get = await callFunction('log-support-call', { method: 'GET' })
    expect(get.status).toBe(405)
    expect(get.body.error).toBe('method_not_allowed')
  })
})

describe('quote-request', () => {
  it('stores the quote with a QR- reference and emails the requester and the support inbox', async () => {
    const quote = quoteRequest()
    const { status, body } = await callFunction('quote-request', { body: quote })
    expect(status).toBe(200)
    expect(body).toEqual({ reference: expect.stringMatching(/^QR-[A-Z0-9]{6}$/) })
    const { data: row } = await service()
      .from('quote_requests')
      .select('*')
      .eq('reference', body.reference)
      .single()
    expect(row).toMatchObject({
      full_name: quote.full_name,
      company: quote.company,
      email: quote.email,
      phone: quote.phone,
      service: quote.service,
      message: quote.message,
    })
    const [confirmation] = await mailsTo(quote.email, body.reference)
    expect(confirmation?.Subject).toBe(`We've received your quote request ${body.reference}`)
    const [notification] = await mailsTo(SUPPORT_INBOX, body.reference)
    for (const value of [
      quote.full_name,
      quote.company,
      quote.email,
      quote.phone,
      quote.service,
      quote.message,
    ]) {
      expect(notification?.Text).toContain(value)
    }
  })

  it.each([
    ['full_name', 'P', 'Please enter your full name'],
    ['email', 'pieter', 'Please enter a valid email address'],
    ['phone', '12-34', 'Please enter a valid phone number'],
    ['service', '', 'Please choose a service'],
    ['message', 'Help', 'Please tell us a little about what you need'],
  ])('400 with the form message when %s is invalid', async (field, value, message) => {
    const { status, body } = await callFunction('quote-request', { body: quoteRequest({ [field]: value }) })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'validation', fields: { [field]: message } })
    expect(Object.keys(body.fields)).toEqual([field])
  })

  it('400 for broken JSON; the honeypot stores nothing; the sixth request is limited', async () => {
    expect((await callFunction('quote-request', { raw: 'name=Pieter' })).status).toBe(400)
    const ip = uniqueIp()
    const bot = quoteRequest({ company_website: 'x' })
    for (let i = 0; i < 5; i++) {
      const { status, body } = await callFunction('quote-request', { ip, body: bot })
      expect([status, body.reference]).toEqual([200, expect.stringMatching(/^QR-/)])
    }
    const { data } = await service().from('quote_requests').select('id').eq('email', bot.email)
    expect(data).toEqual([])
    const limited = await callFunction('quote-request', { ip, body: quoteRequest() })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('newsletter-subscribe', () => {
  const tokenFrom = (text: string, path: string) => {
    const match = new RegExp(`http://localhost:3000/newsletter/${path}\\?token=([0-9a-f-]{36})`).exec(text)
    if (!match) throw new Error(`no ${path} link in: ${text}`)
    return match[1] as string
  }

  it('double opt-in: pending + confirmation mail, confirm, no new mail once confirmed, unsubscribe', async () => {
    const email = uniqueEmail('reader')
    const first = await callFunction('newsletter-subscribe', { body: { email: email.toUpperCase() } })
    expect([first.status, first.body]).toEqual([200, { ok: true }])
    const { data: pending } = await service()
      .from('newsletter_subscribers')
      .select('status, confirm_token, unsubscribe_token')
      .eq('email', email)
      .single()
    expect(pending?.status).toBe('pending')

    const [mail] = await mailsTo(email, 'confirm')
    const confirmToken = tokenFrom(mail?.Text ?? '', 'confirm')
    const unsubscribeToken = tokenFrom(mail?.Text ?? '', 'unsubscribe')
    expect([confirmToken, unsubscribeToken]).toEqual([pending?.confirm_token, pending?.unsubscribe_token])

    const confirmed = await callFunction('newsletter-subscribe', {
      body: { action: 'confirm', token: confirmToken },
    })
    expect([confirmed.status, confirmed.body]).toEqual([200, { status: 'confirmed' }])
    // Confirming twice is harmless.
    expect(
      (await callFunction('newsletter-subscribe', { body: { action: 'confirm', token: confirmToken } })).body,
    ).toEqual({ status: 'confirmed' })

    // Signing up again: the same answer, but no new mail (the list can't be probed).
    const before = await mailCount(email)
    const again = await callFunction('newsletter-subscribe', { body: { email } })
    expect([again.status, again.body]).toEqual([200, { ok: true }])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await mailCount(email)).toBe(before)

    const left = await callFunction('newsletter-subscribe', {
      body: { action: 'unsubscribe', token: unsubscribeToken },
    })
    expect([left.status, left.body]).toEqual([200, { status: 'unsubscribed' }])
    const { data: row } = await service()
      .from('newsletter_subscribers')
      .select('status')
      .eq('email', email)
      .single()
    expect(row?.status).toBe('unsubscribed')
    // The old confirmation link does not quietly resubscribe.
    const stale = await callFunction('newsletter-subscribe', {
      body: { action: 'confirm', token: confirmToken },
    })
    expect(stale.status).toBe(404)
  })

  it('a pending address gets the confirmation again; 404 for unknown tokens; 400 for a bad address', async () => {
    const email = uniqueEmail('reader')
    await callFunction('newsletter-subscribe', { body: { email } })
    await callFunction('newsletter-subscribe', { body: { email } })
    expect(await mailsTo(email, 'confirm')).toHaveLength(2)

    for (const action of ['confirm', 'unsubscribe']) {
      const unknown = await callFunction('newsletter-subscribe', {
        body: { action, token: '0f8fad5b-d9cb-469f-a165-70867728950e' },
      })
      expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found'])
      const garbage = await callFunction('newsletter-subscribe', { body: { action, token: 'abc' } })
      expect(garbage.status).toBe(404)
    }
    const bad = await callFunction('newsletter-subscribe', { body: { email: 'reader@' } })
    expect([bad.status, bad.body.fields]).toEqual([400, { email: 'Please enter a valid email address' }])
  })

  it('honeypot and rate limit', async () => {
    const email = uniqueEmail('bot')
    const ip = uniqueIp()
    for (let i = 0; i < 5; i++) {
      const { status, body } = await callFunction('newsletter-subscribe', {
        ip,
        body: { email, company_website: 'x' },
      })
      expect([status, body]).toEqual([200, { ok: true }])
    }
    const { data } = await service().from('newsletter_subscribers').select('id').eq('email', email)
    expect(data).toEqual([])
    expect((await callFunction('newsletter-subscribe', { ip, body: { email } })).status).toBe(429)
  })
})

describe('page-views', () => {
  const ns = `test-${Date.now()}`

  it('get reads, hit counts once per address and page, then reads', async () => {
    const key = '/blog/why-backups-fail'
    const ip = uniqueIp()
    const view = async (op: string, from = ip) =>
      callFunction('page-views', { ip: from, path: `?ns=${ns}&key=${encodeURIComponent(key)}&op=${op}` })

    expect((await view('get')).body).toEqual({ value: 0 })
    const hit = await view('hit')
    expect([hit.status, hit.body]).toEqual([200, { value: 1 }])
    // A reload from the same address does not count again.
    expect((await view('hit')).body).toEqual({ value: 1 })
    expect((await view('get')).body).toEqual({ value: 1 })
    // Another visitor does.
    expect((await view('hit', uniqueIp())).body).toEqual({ value: 2 })
    // The same visitor on another page counts there.
    const other = await callFunction('page-views', { ip, path: `?ns=${ns}&key=/blog/other&op=hit` })
    expect(other.body).toEqual({ value: 1 })
    // The counter service's path form reads the same counter; op defaults to get.
    expect((await callFunction('page-views', { path: `/get/${ns}${key}` })).body).toEqual({ value: 2 })
    expect((await callFunction('page-views', { path: `?ns=${ns}&key=${key}` })).body).toEqual({ value: 2 })
    const { data } = await service()
      .from('page_views')
      .select('count')
      .eq('namespace', ns)
      .eq('page_key', key)
      .single()
    expect(Number(data?.count)).toBe(2)
  })

  it('validates namespace, key and op like pageKey(); only GET', async () => {
    for (const query of [
      `?ns=a.b&key=/x`,
      `?ns=${ns}&key=/x%3Fy`,
      `?ns=${ns}`,
      `?key=/x`,
      `?ns=${ns}&key=/x&op=set`,
    ]) {
      const { status, body } = await callFunction('page-views', { path: query })
      expect([query, status, body.error]).toEqual([query, 400, 'validation'])
    }
    expect((await callFunction('page-views', { path: `?ns=${ns}&key=/x`, body: {} })).status).toBe(405)
  })
})
