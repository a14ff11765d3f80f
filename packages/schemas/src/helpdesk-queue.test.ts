import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { HELPDESK_MESSAGES } from './helpdesk'
import {
  BULK_MESSAGES,
  bulkChangeSchema,
  formatQueueCursor,
  parseQueueCursor,
  queueFiltersSchema,
  queueQueryString,
  savedViewSchema,
} from './helpdesk-queue'

const AGENT = '00000000-0000-4000-8000-000000000002'
const COMPANY = '00000000-0000-4000-8000-0000000000C1'
const TICKET = '00000000-0000-4000-8000-0000000000a1'

describe('queueFiltersSchema', () => {
  it('defaults to all open work, newest first, no filter', () => {
    expect(queueFiltersSchema.parse({})).toEqual({
      status: 'active',
      priority: undefined,
      assignee: undefined,
      company: undefined,
      channel: undefined,
      breached: false,
      q: '',
      sort: 'created',
      dir: 'desc',
      page: 1,
    })
  })

  it('reads every filter from the URL, and the sort its own way round by default', () => {
    const filters = queueFiltersSchema.parse({
      status: 'on_hold',
      priority: 'urgent',
      assignee: AGENT,
      company: COMPANY,
      channel: 'whatsapp',
      breached: '1',
      q: '  printer ',
      sort: 'sla',
      page: '3',
    })
    expect(filters).toMatchObject({
      status: 'on_hold',
      priority: 'urgent',
      assignee: AGENT,
      company: COMPANY.toLowerCase(),
      channel: 'whatsapp',
      breached: true,
      q: 'printer',
      sort: 'sla',
      dir: 'asc',
      page: 3,
    })
  })

  it('falls back instead of failing on a hand-edited URL, and keeps the old "mine" link', () => {
    expect(
      queueFiltersSchema.parse({
        status: 'deleted',
        priority: 'panic',
        assignee: 'bob',
        company: 'acme',
        channel: 'fax',
        q: ['first', 'second'],
        sort: 'summary',
        dir: 'sideways',
        page: '-2',
        mine: '1',
      }),
    ).toEqual({
      status: 'active',
      priority: undefined,
      assignee: 'mine',
      company: undefined,
      channel: undefined,
      breached: false,
      q: 'first',
      sort: 'created',
      dir: 'desc',
      page: 1,
    })
    expect(queueFiltersSchema.parse({ q: 'x'.repeat(500) }).q).toHaveLength(100)
  })

  it('writes the short form back, defaults left out, and reads it again to the same filters', () => {
    const filters = queueFiltersSchema.parse({
      status: 'all',
      assignee: 'none',
      sort: 'priority',
      dir: 'asc',
      q: 'a&b=c',
    })
    const query = queueQueryString(filters)
    expect(query).toBe('status=all&assignee=none&q=a%26b%3Dc&sort=priority&dir=asc')
    expect(queueFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters)
    expect(queueQueryString(queueFiltersSchema.parse({}))).toBe('')
  })
})

describe('queue cursors', () => {
  it('round-trip a value of each kind, names with any characters included', () => {
    for (const [sort, value] of [
      ['created', '2026-11-23T21:04:05.123456+00:00'],
      ['sla', 'infinity'],
      ['priority', 'urgent'],
      ['status', 'waiting_on_customer'],
      ['requester', 'Zoë O’Neill, "the boss" & co'],
      ['company', ''],
      ['time', '90'],
    ] as const) {
      const cursor = { value, createdAt: '2026-11-23T21:04:05.123456+00:00', id: TICKET }
      expect(parseQueueCursor(formatQueueCursor(cursor), sort), sort).toEqual(cursor)
    }
  })

  it('read anything else as no cursor (page 1), including a value that does not fit the sort', () => {
    const ok = { value: 'urgent', createdAt: '2026-11-23T21:04:05Z', id: TICKET }
    expect(parseQueueCursor(formatQueueCursor(ok), 'created')).toBeUndefined()
    expect(parseQueueCursor(formatQueueCursor({ ...ok, value: 'panic' }), 'priority')).toBeUndefined()
    expect(parseQueueCursor(formatQueueCursor({ ...ok, value: '1.5' }), 'time')).toBeUndefined()
    expect(parseQueueCursor(formatQueueCursor({ ...ok, createdAt: 'yesterday' }), 'priority')).toBeUndefined()
    expect(parseQueueCursor(formatQueueCursor({ ...ok, id: 'not-a-uuid' }), 'priority')).toBeUndefined()
    for (const raw of [undefined, '', '%%%', 'eyJ9', 'x'.repeat(700), ['a', 'b'], btoa('[1,2,3]')]) {
      expect(parseQueueCursor(raw, 'created')).toBeUndefined()
    }
  })
})

describe('bulkChangeSchema', () => {
  it('takes the selected rows, once each, with the version each showed, and the changes given', () => {
    expect(
      bulkChangeSchema.parse({ ids: `${TICKET}:3,${TICKET}:3`, priority: 'high', assignee: '', status: '' }),
    ).toEqual({
      ids: [{ id: TICKET, version: 3 }],
      priority: 'high',
      assignee: undefined,
      status: undefined,
      closeReason: undefined,
    })
  })

  it('does not set “Waiting on customer” on many tickets: each needs its question', () => {
    expect(fieldErrors(bulkChangeSchema, { ids: `${TICKET}:1`, status: 'waiting_on_customer' })).toEqual({
      status: HELPDESK_MESSAGES.waitingOneAtATime,
    })
  })

  it('refuses a row without the version it was loaded at', () => {
    for (const ids of [TICKET, `${TICKET}:`, `${TICKET}:0`, `${TICKET}:x`, `${TICKET}:1,${TICKET}:2`]) {
      expect(fieldErrors(bulkChangeSchema, { ids, priority: 'high' })).toEqual({
        ids: HELPDESK_MESSAGES.unknownVersion,
      })
    }
  })

  it('needs a ticket, a change, and a close reason to close', () => {
    expect(fieldErrors(bulkChangeSchema, { ids: '', priority: 'high' })).toEqual({
      ids: BULK_MESSAGES.chooseTickets,
    })
    expect(fieldErrors(bulkChangeSchema, { ids: `${TICKET}:1` })).toEqual({
      assignee: BULK_MESSAGES.chooseChange,
    })
    expect(fieldErrors(bulkChangeSchema, { ids: `${TICKET}:1`, status: 'closed' })).toEqual({
      closeReason: HELPDESK_MESSAGES.closeReasonRequired,
    })
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}:1`,
    )
    expect(fieldErrors(bulkChangeSchema, { ids: many.join(','), priority: 'low' })).toEqual({
      ids: BULK_MESSAGES.tooMany,
    })
  })
})

describe('savedViewSchema', () => {
  it('keeps the filters in their short form, whatever was posted', () => {
    expect(
      savedViewSchema.parse({
        name: ' Urgent mine ',
        query: 'priority=urgent&assignee=mine&status=active&bogus=1',
      }),
    ).toEqual({
      name: 'Urgent mine',
      query: 'priority=urgent&assignee=mine',
    })
  })
})
