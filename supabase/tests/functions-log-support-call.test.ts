// log-support-call, the public function behind the site's support form (verify_jwt off).
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import { describe, expect, it } from 'vitest'
import {
  callFunction,
  mailCount,
  mailsTo,
  SUPPORT_INBOX,
  service,
  supportRequest,
  uniqueIp,
} from './functions-helpers'

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
