// Hostile input to every function: over-long fields, NUL bytes, unpaired surrogates and bodies
// over 1 MB get a clear 4xx (never a 500), and the public forms mail one recipient at most three
// times an hour whatever addresses the requests come from, while the answers stay the same.
import { describe, expect, it } from 'vitest'
import {
  callFunction,
  mailCount,
  newUser,
  providerAdmin,
  quoteRequest,
  supportRequest,
  uniqueEmail,
  uniqueIp,
  urls,
} from './functions-helpers'
import { keys } from './helpers'

const NUL_MESSAGE = 'Remove the invisible control character (NUL) from this field'
const SURROGATE_MESSAGE = 'This field contains a broken character; please retype it'

describe('text fields', () => {
  it.each([
    ['log-support-call', supportRequest, 'description'],
    ['quote-request', quoteRequest, 'message'],
  ] as const)(
    '%s refuses NUL and unpaired surrogates with 400 and the field named',
    async (name, build, field) => {
      const nul = await callFunction(name, { body: build({ full_name: 'Thandi\u0000Mokoena' }) })
      expect(nul.status).toBe(400)
      expect(nul.body).toMatchObject({ error: 'validation', fields: { full_name: NUL_MESSAGE } })
      // Sent as JSON escapes, the way a browser's JSON.stringify sends a lone surrogate.
      const raw = JSON.stringify(build()).replace(/"full_name":"[^"]*"/, '"full_name":"Thandi \\ud800"')
      const surrogate = await callFunction(name, { raw })
      expect(surrogate.status).toBe(400)
      expect(surrogate.body.fields).toEqual({ full_name: SURROGATE_MESSAGE })
      const long = await callFunction(name, { body: build({ [field]: 'x'.repeat(10_001) }) })
      expect(long.status).toBe(400)
      expect(long.body.fields).toEqual({ [field]: 'Keep this under 10000 characters' })
    },
  )

  it('refuses every over-long public field that the database would refuse', async () => {
    const support = await callFunction('log-support-call', {
      body: supportRequest({
        full_name: 'x'.repeat(201),
        contact_number: '0'.repeat(51),
        whatsapp_number: '0'.repeat(51),
        category: 'x'.repeat(101),
        email: `${'a'.repeat(250)}@example.com`,
      }),
    })
    expect(support.status).toBe(400)
    expect(Object.keys(support.body.fields).sort()).toEqual([
      'category',
      'contact_number',
      'email',
      'full_name',
      'whatsapp_number',
    ])
    const quote = await callFunction('quote-request', {
      body: quoteRequest({ company: 'x'.repeat(201), phone: '1'.repeat(51), service: 'x'.repeat(101) }),
    })
    expect(quote.status).toBe(400)
    expect(Object.keys(quote.body.fields).sort()).toEqual(['company', 'phone', 'service'])
    const newsletter = await callFunction('newsletter-subscribe', {
      body: { email: `${'a'.repeat(250)}@example.com\u0000` },
    })
    expect(newsletter.status).toBe(400)
  })

  it('messages-intent and create-company-admin refuse the same inputs with 400', async () => {
    const customer = await newUser('limits')
    const intent = await callFunction('messages-intent', {
      token: customer.token,
      body: { ticket_id: crypto.randomUUID(), phoneE164: '+27820000000', message: 'Hello\u0000' },
    })
    expect(intent.status).toBe(400)
    expect(intent.body.fields).toEqual({ message: NUL_MESSAGE })
    const admin = await providerAdmin()
    for (const body of [
      { company_name: 'Acme\u0000 Clinic', admin_email: uniqueEmail('owner') },
      { company_name: 'Acme \udfff Clinic', admin_email: uniqueEmail('owner') },
      { company_name: 'Acme Clinic', admin_email: `${'a'.repeat(250)}@example.com` },
      { company_name: 'x'.repeat(201), admin_email: uniqueEmail('owner') },
    ]) {
      const answer = await callFunction('create-company-admin', { token: admin.token, body })
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.error).toBe('validation')
    }
  })
})

describe('bodies over 1 MB', () => {
  const big = (size: number) => JSON.stringify({ description: 'x'.repeat(size) })

  it.each(['log-support-call', 'quote-request', 'newsletter-subscribe'])('%s answers 413', async (name) => {
    const answer = await callFunction(name, { raw: big(1024 * 1024 + 1) })
    expect(answer.status).toBe(413)
    expect(answer.body.error).toBe('payload_too_large')
  })

  it('signed-in functions answer 413 too, also to a chunked body without a length', async () => {
    const customer = await newUser('limits')
    expect(
      (await callFunction('messages-intent', { token: customer.token, raw: big(2_000_000) })).status,
    ).toBe(413)
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
        controller.enqueue(new TextEncoder().encode('{"message":"'))
        for (let i = 0; i < 20; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const res = await fetch(`${urls.functions}/messages-intent`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, Authorization: `Bearer ${customer.token}` },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('a body just under 1 MB is read and validated (400, not 413)', async () => {
    const answer = await callFunction('log-support-call', {
      raw: JSON.stringify(supportRequest({ description: 'x'.repeat(1024 * 1024 - 1000) })),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ description: 'Keep this under 10000 characters' })
  })
})

describe('mails per recipient', () => {
  it.each([
    ['log-support-call', supportRequest, '] Network Issue: '],
    ['quote-request', quoteRequest, '] Quote request: '],
  ] as const)(
    '%s sends the requester at most 3 confirmations an hour; the 4th answer is the same',
    async (name, build, subject) => {
      const email = uniqueEmail('recipient')
      for (let i = 0; i < 4; i++) {
        // A new client address each time: the per-address limit is not what stops the 4th mail.
        const answer = await callFunction(name, { ip: uniqueIp(), body: build({ email }) })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({
          reference: expect.stringMatching(/^TCK-[A-Z0-9]{6}$/),
          request_reference: expect.stringMatching(/^[SQ]R-[A-Z0-9]{6}$/),
        })
      }
      await expect.poll(() => mailCount(email, subject), { timeout: 5000 }).toBe(3)
      // Give a 4th mail the time to arrive if it had been sent.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await mailCount(email, subject)).toBe(3)
    },
  )

  it('the newsletter confirmation has its own bucket of 3 an hour', async () => {
    const email = uniqueEmail('newsletter')
    // Mails from the forms do not use up the newsletter's allowance, and the other way round.
    for (let i = 0; i < 3; i++) {
      expect((await callFunction('quote-request', { body: quoteRequest({ email }) })).status).toBe(200)
    }
    for (let i = 0; i < 4; i++) {
      const answer = await callFunction('newsletter-subscribe', { ip: uniqueIp(), body: { email } })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ ok: true })
    }
    const subject = 'Please confirm your Siyakha Tech newsletter subscription'
    await expect.poll(() => mailCount(email, subject), { timeout: 5000 }).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await mailCount(email, subject)).toBe(3)
    expect(await mailCount(email, '] Quote request: ')).toBe(3)
  })
})
