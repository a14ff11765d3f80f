import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import {
  fillPlaceholders,
  HELPDESK_MESSAGES,
  STAFF_STATUS_LABELS,
  staffReplySchema,
  staffStatusLabel,
  ticketAssignmentSchema,
  ticketCompanyChangeSchema,
  ticketPriorityChangeSchema,
  ticketStatusChangeSchema,
  ticketTagsSchema,
  UNVERIFIED_EMAIL_MESSAGES,
  unverifiedEmailDecisionSchema,
} from './helpdesk'
import { TICKET_STATUSES } from './ticket'

const TICKET = '00000000-0000-4000-8000-0000000000a1'

describe('ticketStatusChangeSchema', () => {
  it('needs a close reason to close', () => {
    expect(
      fieldErrors(ticketStatusChangeSchema, {
        ticketId: TICKET,
        version: '3',
        status: 'closed',
        closeReason: '',
      }),
    ).toEqual({ closeReason: HELPDESK_MESSAGES.closeReasonRequired })
    expect(
      ticketStatusChangeSchema.parse({
        ticketId: TICKET,
        version: '3',
        status: 'closed',
        closeReason: 'duplicate',
      }),
    ).toEqual({ ticketId: TICKET, version: 3, status: 'closed', closeReason: 'duplicate', question: null })
  })

  it('drops a close reason on any other move', () => {
    expect(
      ticketStatusChangeSchema.parse({ ticketId: TICKET, version: '3', status: 'open', closeReason: 'spam' }),
    ).toEqual({
      ticketId: TICKET,
      version: 3,
      status: 'open',
      closeReason: null,
      question: null,
    })
  })

  it('needs the question the customer is asked to wait on them, and keeps it for no other move', () => {
    for (const question of [undefined, '', '   ']) {
      expect(
        fieldErrors(ticketStatusChangeSchema, {
          ticketId: TICKET,
          version: '3',
          status: 'waiting_on_customer',
          question,
        }),
      ).toEqual({ question: HELPDESK_MESSAGES.questionRequired })
    }
    expect(
      ticketStatusChangeSchema.parse({
        ticketId: TICKET,
        version: '3',
        status: 'waiting_on_customer',
        question: '  Which printer is it?  ',
      }),
    ).toMatchObject({ status: 'waiting_on_customer', question: 'Which printer is it?' })
    expect(
      ticketStatusChangeSchema.parse({ ticketId: TICKET, version: '3', status: 'on_hold', question: 'Why?' }),
    ).toMatchObject({ status: 'on_hold', question: null })
  })

  it('rejects unknown statuses, reasons and tickets', () => {
    expect(
      fieldErrors(ticketStatusChangeSchema, {
        ticketId: 'a1',
        version: '3',
        status: 'deleted',
        closeReason: 'because',
      }),
    ).toEqual({
      ticketId: HELPDESK_MESSAGES.unknownTicket,
      status: HELPDESK_MESSAGES.chooseStatus,
      closeReason: HELPDESK_MESSAGES.closeReasonRequired,
    })
  })
})

describe('ticketPriorityChangeSchema', () => {
  it('accepts the four priorities only', () => {
    for (const priority of ['low', 'normal', 'high', 'urgent']) {
      expect(ticketPriorityChangeSchema.safeParse({ ticketId: TICKET, version: '1', priority }).success).toBe(
        true,
      )
    }
    expect(
      fieldErrors(ticketPriorityChangeSchema, { ticketId: TICKET, version: '1', priority: 'critical' }),
    ).toEqual({
      priority: HELPDESK_MESSAGES.choosePriority,
    })
  })
})

describe('ticketAssignmentSchema', () => {
  it('assigns to me, to nobody or to any agent by id', () => {
    const agent = '00000000-0000-4000-8000-00000000000A'
    expect(ticketAssignmentSchema.parse({ ticketId: TICKET, version: '1', assignee: agent }).assignee).toBe(
      agent.toLowerCase(),
    )
    expect(ticketAssignmentSchema.parse({ ticketId: TICKET, version: '1', assignee: 'me' }).assignee).toBe(
      'me',
    )
    expect(ticketAssignmentSchema.parse({ ticketId: TICKET, version: '1', assignee: 'none' }).assignee).toBe(
      'none',
    )
    expect(
      fieldErrors(ticketAssignmentSchema, { ticketId: TICKET, version: '1', assignee: 'someone-else' }),
    ).toEqual({
      assignee: HELPDESK_MESSAGES.chooseAssignment,
    })
  })
})

describe('the version a ticket change is based on', () => {
  it.each([
    ['status', ticketStatusChangeSchema, { status: 'open', closeReason: '' }],
    ['priority', ticketPriorityChangeSchema, { priority: 'high' }],
    ['assignment', ticketAssignmentSchema, { assignee: 'me' }],
    ['company', ticketCompanyChangeSchema, { company: '' }],
    ['tags', ticketTagsSchema, { tags: 'vpn' }],
  ] as const)('a %s change carries the version it was based on', (_label, schema, fields) => {
    expect(schema.parse({ ticketId: TICKET, version: '7', ...fields }).version).toBe(7)
    for (const version of [undefined, '', '0', '-1', '1.5', 'seven', '99999999999']) {
      expect(fieldErrors(schema, { ticketId: TICKET, version, ...fields })).toEqual({
        version: HELPDESK_MESSAGES.unknownVersion,
      })
    }
  })
})

describe('staffReplySchema', () => {
  it('trims the body and keeps the kind', () => {
    expect(
      staffReplySchema.parse({ ticketId: TICKET, kind: 'internal', body: '  Driver rolled back.\n' }),
    ).toEqual({ ticketId: TICKET, kind: 'internal', body: 'Driver rolled back.' })
  })

  it('explains an empty or overlong body and an unknown kind', () => {
    expect(fieldErrors(staffReplySchema, { ticketId: TICKET, kind: 'public', body: '   ' })).toEqual({
      body: HELPDESK_MESSAGES.bodyRequired,
    })
    expect(
      fieldErrors(staffReplySchema, { ticketId: TICKET, kind: 'email', body: 'x'.repeat(4097) }),
    ).toEqual({
      kind: HELPDESK_MESSAGES.chooseReplyKind,
      body: HELPDESK_MESSAGES.bodyTooLong,
    })
  })
})

it('labels every status for staff', () => {
  for (const status of TICKET_STATUSES) expect(STAFF_STATUS_LABELS[status]).toBeTruthy()
  expect(staffStatusLabel('waiting_on_customer')).toBe('Waiting on customer')
  expect(staffStatusLabel('unknown')).toBe('unknown')
})

describe('ticketTagsSchema', () => {
  const tags = (value: string) => ticketTagsSchema.safeParse({ ticketId: TICKET, version: '1', tags: value })

  it('reads a comma-separated list into lowercase hyphenated tags, once each', () => {
    expect(tags(' Printer , VPN,, wi fi, printer ').data?.tags).toEqual(['printer', 'vpn', 'wi-fi'])
    expect(tags('').data?.tags).toEqual([])
  })

  it('refuses what the database would: odd characters, long tags, more than ten', () => {
    for (const value of [
      'café',
      'a/b',
      '-leading',
      'x'.repeat(31),
      Array.from({ length: 11 }, (_, i) => `t${i}`).join(','),
    ]) {
      expect(fieldErrors(ticketTagsSchema, { ticketId: TICKET, version: '1', tags: value }), value).toEqual({
        tags: HELPDESK_MESSAGES.badTags,
      })
    }
  })
})

describe('fillPlaceholders', () => {
  const values = { requester_name: 'Thabo', reference: 'TCK-7Q4M2A', agent_name: 'Sipho' }

  it('fills the known placeholders, spaces inside the braces allowed', () => {
    expect(fillPlaceholders('Hi {{requester_name}}, {{ reference }} is fixed. {{agent_name}}', values)).toBe(
      'Hi Thabo, TCK-7Q4M2A is fixed. Sipho',
    )
  })

  it('leaves unknown ones as typed, and never reads inherited names', () => {
    expect(fillPlaceholders('{{unknown}} {{constructor}} {{toString}}', values)).toBe(
      '{{unknown}} {{constructor}} {{toString}}',
    )
  })
})

describe('unverifiedEmailDecisionSchema', () => {
  const MESSAGE = '00000000-0000-4000-8000-0000000000b2'

  it('takes accept or discard for one message of one ticket', () => {
    expect(
      unverifiedEmailDecisionSchema.parse({ ticketId: TICKET, messageId: MESSAGE, decision: 'accept' }),
    ).toEqual({
      ticketId: TICKET,
      messageId: MESSAGE,
      decision: 'accept',
    })
  })

  it('refuses anything else with a message', () => {
    expect(
      fieldErrors(unverifiedEmailDecisionSchema, { ticketId: TICKET, messageId: 'x', decision: 'publish' }),
    ).toEqual({
      messageId: UNVERIFIED_EMAIL_MESSAGES.unknownMessage,
      decision: UNVERIFIED_EMAIL_MESSAGES.chooseDecision,
    })
  })
})
