// Row-level security and grants of reply by email and WhatsApp (issue 12, parts 5 and 7): WhatsApp
// contacts are staff's to read and nobody's to write through the API; the webhooks' database calls
// belong to the service role; only staff send WhatsApp replies or see a ticket's WhatsApp window.
import { describe, expect, it } from 'vitest'
import { sql } from '../helpers'
import { CALLERS, db, STAFF, service, T, useCallers } from './callers'

useCallers()

describe('whatsapp_contacts', () => {
  it('staff read every contact; anon and customers read none', async () => {
    const phone = `+2784${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
    await sql('insert into public.whatsapp_contacts (phone_e164, profile_name) values ($1, $2)', [
      phone,
      'Rls Test',
    ])
    for (const caller of CALLERS) {
      const { data, error } = await db[caller]
        .from('whatsapp_contacts')
        .select('phone_e164')
        .eq('phone_e164', phone)
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data, caller).toEqual(STAFF.includes(caller as never) ? [{ phone_e164: phone }] : [])
    }
  })

  it('nobody writes a contact through the API, staff included', async () => {
    for (const caller of CALLERS) {
      const { error } = await db[caller].from('whatsapp_contacts').insert({ phone_e164: '+27820000001' })
      expect(error?.code, caller).toBe('42501')
    }
  })
})

describe('the messaging calls', () => {
  it('the webhooks’ and the worker’s calls are the service role’s alone', async () => {
    const calls = [
      ['receive_email', { p: {} }],
      ['receive_whatsapp', { p: {} }],
      ['whatsapp_status', { p: {} }],
      ['inbound_event_claim', { p_provider: 'resend', p_event_id: 'x' }],
      ['whatsapp_send_state', { p_phone: '+27820000001', p_ticket: T('a1') }],
      ['outbox_park', { p_id: 1, p_template_wamid: 'x' }],
      ['outbox_expire_parked', { p_days: 7 }],
      ['outbox_bounced', { p_id: 1, p_detail: 'x' }],
    ] as const
    for (const caller of CALLERS) {
      for (const [name, args] of calls) {
        // biome-ignore lint/suspicious/noExplicitAny: calling by name, arguments as the function takes them
        const { error } = await (db[caller].rpc as any)(name, args)
        expect(error?.code, `${caller} ${name}`).toBe('42501')
      }
    }
    const { error } = await service.rpc('inbound_event_claim', {
      p_provider: 'resend',
      p_event_id: `rls-${Date.now()}`,
    })
    expect(error).toBeNull()
  })

  it('only staff send a WhatsApp reply or see a ticket’s WhatsApp window', async () => {
    for (const caller of ['anon', 'thabo', 'companyAdmin'] as const) {
      const send = await db[caller].rpc('send_whatsapp_reply', { p_ticket: T('a1'), p_body: 'Hello' })
      expect(send.error?.code, caller).toBe('42501')
      const window = await db[caller].rpc('ticket_whatsapp', { p_ticket: T('a1') })
      if (caller === 'anon') expect(window.error?.code).toBe('42501')
      else expect(window.data, caller).toEqual([])
    }
    // Staff on a ticket without a number: told so, nothing written.
    const refused = await db.agent.rpc('send_whatsapp_reply', { p_ticket: T('a3'), p_body: 'Hello' })
    expect(refused.error?.code).toBe('22023')
  })
})
