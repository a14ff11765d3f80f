// newsletter-subscribe, the public function behind the blog's newsletter box: double opt-in,
// confirm and unsubscribe links (verify_jwt off).
import { describe, expect, it } from 'vitest'
import { callFunction, mailCount, mailsTo, service, uniqueEmail, uniqueIp } from './functions-helpers'

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
