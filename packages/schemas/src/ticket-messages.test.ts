import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { messagesIntentSchema, messagesMarkSentSchema } from './ticket-messages'
import { E164 } from './whatsapp'

const ticket = '7d3f6a52-3c1e-4b8a-9f3e-2b6d1c0a9e11'

describe('ticket message schemas', () => {
  it('accepts an intent with or without a reference', () => {
    const intent = { ticket_id: ticket, phoneE164: '+27820000000', message: 'Printer still offline' }
    expect(messagesIntentSchema.parse({ ...intent, tracking_ref: 'TCK-AB12CD' }).tracking_ref).toBe(
      'TCK-AB12CD',
    )
    expect(messagesIntentSchema.parse({ ...intent, tracking_ref: null }).tracking_ref).toBeNull()
  })

  it('rejects bad ids, local numbers, empty or oversized messages and foreign references', () => {
    expect(
      Object.keys(
        fieldErrors(messagesIntentSchema, {
          ticket_id: 'nope',
          phoneE164: '082 000 0000',
          message: '',
          tracking_ref: 'SR-123456',
        }),
      ).sort(),
    ).toEqual(['message', 'phoneE164', 'ticket_id', 'tracking_ref'])
    expect(
      messagesIntentSchema.safeParse({
        ticket_id: ticket,
        phoneE164: '+27820000000',
        message: 'x'.repeat(4097),
      }).success,
    ).toBe(false)
  })

  it('uses the same E.164 rule as the WhatsApp links', () => {
    for (const phone of ['+27820000000', '+4420700000', '+1', '27820000000', '+0123456789']) {
      const ok = messagesIntentSchema.safeParse({
        ticket_id: ticket,
        phoneE164: phone,
        message: 'Hi',
      }).success
      expect(ok, phone).toBe(E164.test(phone))
    }
  })

  it('mark-sent needs two uuids', () => {
    expect(messagesMarkSentSchema.safeParse({ messageId: ticket, ticketId: ticket }).success).toBe(true)
    expect(messagesMarkSentSchema.safeParse({ messageId: '1', ticketId: ticket }).success).toBe(false)
  })
})
