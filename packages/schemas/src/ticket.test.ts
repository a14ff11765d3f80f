import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_DECISIONS,
  customerDecisionSchema,
  customerStatusLabel,
  normalisePhone,
  ticketFormSchema,
  ticketUpdateSchema,
} from './ticket'

describe('ticketFormSchema', () => {
  const valid = { summary: 'Printer offline', details: '', phone: '+27 82 123 4567', message: 'Hello' }

  it('accepts a typed number and normalises it to E.164', () => {
    const parsed = ticketFormSchema.parse(valid)
    expect(parsed.phone).toBe('+27821234567')
  })

  it('names the spec message when a required field is empty', () => {
    for (const field of ['summary', 'phone', 'message'] as const) {
      const result = ticketFormSchema.safeParse({ ...valid, [field]: '  ' })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Summary, phone and message are required.')
    }
  })

  it('rejects numbers that are not E.164', () => {
    for (const phone of ['0821234567', '+0821234567', '+27 82', 'phone']) {
      const result = ticketFormSchema.safeParse({ ...valid, phone })
      expect(result.error?.issues[0]?.message).toMatch(/E\.164/)
    }
  })
})

describe('ticketUpdateSchema', () => {
  it('requires a message', () => {
    expect(ticketUpdateSchema.safeParse({ phone: '+27821234567', message: '' }).success).toBe(false)
    expect(ticketUpdateSchema.parse({ phone: '+27 (82) 123-4567', message: 'Done' }).phone).toBe(
      '+27821234567',
    )
  })
})

it('normalisePhone strips separators only', () => {
  expect(normalisePhone('+27 (82) 123-45.67')).toBe('+27821234567')
})

it('maps helpdesk statuses to customer labels', () => {
  expect(customerStatusLabel('new')).toBe('Received')
  expect(customerStatusLabel('on_hold')).toBe('In progress')
  expect(customerStatusLabel('waiting_on_customer')).toBe('Awaiting your reply')
  expect(customerStatusLabel('resolved')).toBe('Resolved – please confirm')
})

describe('customerDecisionSchema', () => {
  const ticketId = '00000000-0000-4000-8000-0000000000a1'

  it('accepts the three decisions for a ticket id', () => {
    for (const decision of ['confirm', 'reopen', 'cancel']) {
      expect(customerDecisionSchema.parse({ ticketId, decision })).toEqual({ ticketId, decision })
    }
  })

  it('refuses anything else with a message', () => {
    const bad = customerDecisionSchema.safeParse({ ticketId: 'x', decision: 'escalate' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'Choose what to do with the ticket.',
      'Unknown ticket.',
    ])
  })

  it('maps each decision to the move the database allows a customer', () => {
    expect(CUSTOMER_DECISIONS.confirm).toMatchObject({
      from: 'resolved',
      status: 'closed',
      closeReason: 'confirmed',
    })
    expect(CUSTOMER_DECISIONS.reopen).toMatchObject({ from: 'resolved', status: 'open', closeReason: null })
    expect(CUSTOMER_DECISIONS.cancel).toMatchObject({
      from: 'new',
      status: 'closed',
      closeReason: 'cancelled',
    })
  })
})
