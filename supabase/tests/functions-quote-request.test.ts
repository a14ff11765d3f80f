// quote-request, the public function behind the site's quote form (verify_jwt off).
import { describe, expect, it } from 'vitest'
import { callFunction, mailsTo, quoteRequest, SUPPORT_INBOX, service, uniqueIp } from './functions-helpers'

describe('quote-request', () => {
  it('stores the quote, opens a web ticket and emails its reference to the requester and the inbox', async () => {
    const quote = quoteRequest()
    const { status, body } = await callFunction('quote-request', { body: quote })
    expect(status).toBe(200)
    expect(body).toEqual({
      reference: expect.stringMatching(/^TCK-[A-Z0-9]{6}$/),
      request_reference: expect.stringMatching(/^QR-[A-Z0-9]{6}$/),
    })
    const { data: row } = await service()
      .from('quote_requests')
      .select('*, ticket:tickets(tracking_ref, channel, status, summary, details, requester_name)')
      .eq('reference', body.request_reference)
      .single()
    expect(row?.ticket).toEqual({
      tracking_ref: body.reference,
      channel: 'web',
      status: 'new',
      summary: `Quote request: ${quote.service} for ${quote.company}`,
      details: expect.stringContaining(quote.message),
      requester_name: quote.full_name,
    })
    expect(row).toMatchObject({
      full_name: quote.full_name,
      company: quote.company,
      email: quote.email,
      phone: quote.phone,
      service: quote.service,
      message: quote.message,
    })
    const [confirmation] = await mailsTo(quote.email, body.reference)
    expect(confirmation?.Subject).toBe(
      `[${body.reference}] Quote request: ${quote.service} for ${quote.company}`,
    )
    expect(confirmation?.Text).toContain(`Your reference is ${body.reference}.`)
    const [notification] = await mailsTo(SUPPORT_INBOX, body.reference)
    for (const value of [
      body.request_reference,
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
      expect([status, body.request_reference]).toEqual([200, expect.stringMatching(/^QR-/)])
    }
    const { data } = await service().from('quote_requests').select('id').eq('email', bot.email)
    expect(data).toEqual([])
    const limited = await callFunction('quote-request', { ip, body: quoteRequest() })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
