// log-support-call, the public function behind the site's support form (verify_jwt off).
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import { describe, expect, it } from 'vitest'
import {
  callFunction,
  mailCount,
  mailsTo,
  newUser,
  SUPPORT_INBOX,
  service,
  supportRequest,
  uniqueIp,
} from './functions-helpers'

describe('log-support-call', () => {
  it('stores the request, opens a web ticket in the queue and emails its reference to the requester and the inbox', async () => {
    const request = supportRequest()
    const { status, body } = await callFunction('log-support-call', { body: request })
    expect(status).toBe(200)
    expect(body).toEqual({
      reference: expect.stringMatching(/^TCK-[A-Z0-9]{6}$/),
      request_reference: expect.stringMatching(/^SR-[A-Z0-9]{6}$/),
    })
    const reference = body.reference as string

    const { data: row } = await service()
      .from('support_requests')
      .select('*, ticket:tickets(*)')
      .eq('reference', body.request_reference)
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
    // Nobody has an account with this address: the ticket is the requester contact's.
    expect(row?.ticket).toMatchObject({
      tracking_ref: reference,
      channel: 'web',
      status: 'new',
      created_by_user_id: null,
      requester_name: request.full_name,
      service_category_id: request.category,
      summary: `${request.category}: ${request.description}`,
    })
    expect(row?.ticket?.details).toContain(request.description)
    expect(row?.ticket?.details).toContain(`Contact number: ${request.contact_number}`)
    const { data: contact } = await service()
      .from('requester_contacts')
      .select('email, full_name, phone, user_id')
      .eq('id', row?.ticket?.requester_contact_id as string)
      .single()
    expect(contact).toEqual({
      email: request.email,
      full_name: request.full_name,
      phone: request.contact_number,
      user_id: null,
    })

    const [confirmation] = await mailsTo(request.email, reference)
    expect(confirmation?.Subject).toBe(`[${reference}] ${request.category}: ${request.description}`)
    expect(confirmation?.Text).toContain(`Your ticket reference is ${reference}.`)
    expect(confirmation?.Text).toContain(request.description)
    const [notification] = await mailsTo(SUPPORT_INBOX, reference)
    expect(notification?.Subject).toBe(
      `[${reference}] New support request: ${request.category} from ${request.full_name}`,
    )
    for (const value of [
      body.request_reference,
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

  it('a request from a customer’s address lands in their account, where they read it', async () => {
    const customer = await newUser('web-request')
    const { body } = await callFunction('log-support-call', {
      body: supportRequest({ email: customer.email.toUpperCase() }),
    })
    const { data } = await customer.supabase
      .from('tickets')
      .select('tracking_ref, channel, created_by_user_id, requester_contact_id')
      .eq('tracking_ref', body.reference)
      .single()
    expect(data).toEqual({
      tracking_ref: body.reference,
      channel: 'web',
      created_by_user_id: customer.id,
      requester_contact_id: null,
    })
  })

  it('requests from an address join the account that later signs up and confirms it, not before', async () => {
    const email = supportRequest().email
    const first = await callFunction('log-support-call', { body: supportRequest({ email }) })
    const second = await callFunction('log-support-call', {
      body: supportRequest({ email, full_name: 'Thandi M.' }),
    })
    const refs = [first.body.reference, second.body.reference].sort()
    const { data: contacts } = await service()
      .from('requester_contacts')
      .select('full_name')
      .ilike('email', email)
    expect(contacts).toEqual([{ full_name: 'Thandi M.' }])

    // Signed up but not confirmed: the tickets stay with the contact.
    const { data: created } = await service().auth.admin.createUser({ email, password: 'Password123!' })
    const userId = created.user?.id as string
    const owned = async () => {
      const { data } = await service()
        .from('tickets')
        .select('tracking_ref')
        .eq('created_by_user_id', userId)
        .order('tracking_ref')
      return data?.map((t) => t.tracking_ref)
    }
    expect(await owned()).toEqual([])
    // Confirmed: both join the account, under the account's name.
    await service().auth.admin.updateUserById(userId, { email_confirm: true })
    expect(await owned()).toEqual(refs)
    const { data: contact } = await service()
      .from('requester_contacts')
      .select('user_id')
      .ilike('email', email)
      .single()
    expect(contact?.user_id).toBe(userId)
  })

  it('stores an empty WhatsApp number as null', async () => {
    const { status, body } = await callFunction('log-support-call', {
      body: supportRequest({ whatsapp_number: '' }),
    })
    expect(status).toBe(200)
    const { data } = await service()
      .from('support_requests')
      .select('whatsapp_number')
      .eq('reference', body.request_reference)
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

  it('honeypot: a filled company_website gets references but nothing is stored or sent', async () => {
    const request = supportRequest({ company_website: 'https://spam.example' })
    const { status, body } = await callFunction('log-support-call', { body: request })
    expect(status).toBe(200)
    expect(body.reference).toMatch(/^TCK-[A-Z0-9]{6}$/)
    expect(body.request_reference).toMatch(/^SR-[A-Z0-9]{6}$/)
    const { data } = await service().from('support_requests').select('id').eq('email', request.email)
    expect(data).toEqual([])
    const { data: tickets } = await service().from('tickets').select('id').eq('tracking_ref', body.reference)
    expect(tickets).toEqual([])
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
