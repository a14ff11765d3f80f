import { describe, expect, it } from 'vitest'
import { type ConversationMessage, type ConversationTicket, conversation } from './conversation'

const THABO = '00000000-0000-4000-8000-000000000005'
const AGENT = '00000000-0000-4000-8000-000000000002'
const LERATO = '00000000-0000-4000-8000-000000000004'

const ticket: ConversationTicket = {
  id: 't1',
  summary: 'Printer offline',
  details: 'The HP shows offline since Monday.',
  created_at: '2026-11-20T08:00:00Z',
  created_by_user_id: THABO,
  requester_name: 'Thabo Molefe',
  channel: 'portal',
}

function message(overrides: Partial<ConversationMessage>): ConversationMessage {
  return {
    id: 'm',
    direction: 'inbound',
    channel: 'portal',
    to_from: null,
    subject: null,
    body: 'Hello',
    status: 'queued',
    created_at: '2026-11-20T09:00:00Z',
    created_by: THABO,
    author_kind: 'customer',
    author_name: 'Thabo Molefe',
    metadata: {},
    ...overrides,
  }
}

describe('conversation', () => {
  it('opens with the requester’s description, then the messages in order, each with its author', () => {
    const entries = conversation(
      ticket,
      [
        message({
          id: 'a',
          direction: 'outbound',
          channel: 'email',
          status: 'delivered',
          created_by: null,
          author_kind: 'system',
          author_name: 'Siyakha Support',
          body: 'We got it.',
        }),
        message({
          id: 'b',
          direction: 'outbound',
          status: 'sent',
          created_by: AGENT,
          author_kind: 'staff',
          author_name: 'Sipho Dlamini',
          body: 'Restart it please.',
        }),
        message({ id: 'c', body: 'Done, still offline.' }),
      ],
      { id: THABO },
    )
    expect(entries.map((e) => [e.author, e.side, e.body])).toEqual([
      ['You', 'customer', 'The HP shows offline since Monday.'],
      ['Siyakha Support', 'helpdesk', 'We got it.'],
      ['Sipho Dlamini', 'helpdesk', 'Restart it please.'],
      ['You', 'customer', 'Done, still offline.'],
    ])
  })

  it('shows delivery only for messages that travel by email or WhatsApp', () => {
    const entries = conversation(
      ticket,
      [
        message({
          id: 'e',
          direction: 'outbound',
          channel: 'email',
          status: 'read',
          created_by: AGENT,
          author_kind: 'staff',
        }),
        message({
          id: 'w',
          direction: 'outbound',
          channel: 'whatsapp',
          status: 'failed',
          created_by: AGENT,
          author_kind: 'staff',
        }),
        message({
          id: 'p',
          direction: 'outbound',
          channel: 'portal',
          status: 'sent',
          created_by: AGENT,
          author_kind: 'staff',
        }),
      ],
      { id: THABO },
    )
    expect(entries.slice(1).map((e) => [e.channel, e.delivery])).toEqual([
      ['Email', 'Read'],
      ['WhatsApp', 'Failed'],
      ['Portal', null],
    ])
  })

  it('names the requester and other people for someone else reading (an agent, a company admin)', () => {
    const colleague = { ...ticket, created_by_user_id: LERATO, requester_name: 'Lerato Nkosi' }
    const entries = conversation(
      colleague,
      [
        message({
          id: 'n',
          direction: 'internal',
          created_by: AGENT,
          author_kind: 'staff',
          author_name: 'Sipho Dlamini',
        }),
        message({ id: 'x', created_by: LERATO, author_name: 'Lerato Nkosi' }),
        message({
          id: 'y',
          created_by: null,
          author_kind: 'customer',
          author_name: 'pat@example.org',
          channel: 'email',
        }),
      ],
      { id: AGENT },
    )
    expect(entries.map((e) => [e.author, e.internal, e.mine])).toEqual([
      ['Lerato Nkosi', false, false],
      ['You', true, true],
      ['Lerato Nkosi', false, false],
      ['pat@example.org', false, false],
    ])
  })

  it('opens with the summary when the requester wrote no details', () => {
    const [opening] = conversation({ ...ticket, details: '  ' }, [], { id: THABO })
    expect(opening?.body).toBe('Printer offline')
  })

  it('says why an agent’s WhatsApp reply waits for the window or was not sent', () => {
    const [, waiting, refused, delivered] = conversation(
      ticket,
      [
        message({
          id: 'w',
          direction: 'outbound',
          channel: 'whatsapp',
          created_by: AGENT,
          author_kind: 'staff',
          metadata: { awaiting_window: true },
        }),
        message({
          id: 'f',
          direction: 'outbound',
          channel: 'whatsapp',
          created_by: AGENT,
          author_kind: 'staff',
          status: 'failed',
          metadata: { error: 'outside_window: not in the last 24 hours' },
        }),
        message({
          id: 'd',
          direction: 'outbound',
          channel: 'whatsapp',
          created_by: AGENT,
          author_kind: 'staff',
          status: 'delivered',
        }),
      ],
      { id: AGENT },
    )
    expect(waiting?.delivery).toBe('Not sent yet')
    expect(waiting?.deliveryNote).toMatch(/^Waiting for the customer to write/)
    expect(refused?.delivery).toBe('Failed')
    expect(refused?.deliveryNote).toMatch(
      /^Not sent: the customer has not written on WhatsApp in the last 24 hours/,
    )
    expect(delivered?.deliveryNote).toBeNull()
  })
})

describe('attachments in the conversation', () => {
  it('shows images inline and other files as links, each with its signed link when there is one', () => {
    const files = [
      {
        id: 'a',
        file_name: 'error.png',
        content_type: 'image/png',
        size_bytes: 2048,
        object_path: 't1/1-error.png',
      },
      {
        id: 'b',
        file_name: 'quote.pdf',
        content_type: 'application/pdf',
        size_bytes: 4096,
        object_path: 't1/2-quote.pdf',
      },
      {
        id: 'c',
        file_name: 'gone.txt',
        content_type: 'text/plain',
        size_bytes: 3,
        object_path: 't1/3-gone.txt',
      },
    ]
    const links = new Map([
      ['t1/1-error.png', 'https://storage.test/sign/1'],
      ['t1/2-quote.pdf', 'https://storage.test/sign/2'],
    ])
    const [opening, entry] = conversation(
      ticket,
      [message({ id: 'm1', attachments: files })],
      { id: AGENT },
      links,
    )
    expect(opening?.attachments).toEqual([])
    expect(entry?.attachments).toEqual([
      { id: 'a', name: 'error.png', size: 2048, image: true, url: 'https://storage.test/sign/1' },
      { id: 'b', name: 'quote.pdf', size: 4096, image: false, url: 'https://storage.test/sign/2' },
      { id: 'c', name: 'gone.txt', size: 3, image: false, url: null },
    ])
  })

  it('names the files an email carried that were not kept, and why', () => {
    const [opening, entry, plain] = conversation(
      ticket,
      [
        message({
          id: 'm1',
          channel: 'email',
          metadata: {
            email_id: 'e1',
            refused_attachments: [
              { filename: 'virus.exe', reason: 'type not allowed' },
              { filename: 'video.mp4', reason: 'larger than 10 MB' },
              { filename: 42, reason: 'not a name' },
            ],
          },
        }),
        message({ id: 'm2', metadata: { refused_attachments: 'not a list' } }),
      ],
      { id: AGENT },
    )
    expect(opening?.notKept).toEqual([])
    expect(entry?.notKept).toEqual([
      'Not kept: virus.exe (type not allowed)',
      'Not kept: video.mp4 (larger than 10 MB)',
    ])
    expect(plain?.notKept).toEqual([])
  })
})

describe('an unverified email', () => {
  const item = message({
    id: 'u1',
    direction: 'internal',
    channel: 'email',
    status: 'delivered',
    to_from: 'sipho@siyakha.example',
    created_by: null,
    author_kind: 'system',
    author_name: 'Siyakha Support',
    body: 'Close this ticket.',
    metadata: { unverified: true, from: 'sipho@siyakha.example', reason: 'unverified' },
  })

  it('names only the address it claims, is staff-only and carries what staff decide on', () => {
    const [, entry] = conversation(ticket, [item], { id: AGENT })
    expect(entry).toMatchObject({
      author: 'Unverified email from sipho@siyakha.example',
      internal: true,
      mine: false,
      unverified: { messageId: 'u1', from: 'sipho@siyakha.example', reason: 'unverified' },
    })
  })

  it('is never read into an internal note or a message: only the database’s own flag makes one', () => {
    const note = message({ ...item, id: 'n1', created_by: AGENT, author_kind: 'staff', metadata: {} })
    const flaggedOutside = message({ ...item, id: 'x1', direction: 'inbound' })
    const [, plainNote, inbound] = conversation(ticket, [note, flaggedOutside], { id: AGENT })
    expect(plainNote?.unverified).toBeNull()
    expect(inbound?.unverified).toBeNull()
  })
})

describe('moving a WhatsApp message to a new ticket', () => {
  it('is offered on a client’s WhatsApp messages and on unverified ones, on nothing else', () => {
    const whatsapp = { channel: 'whatsapp' as const, to_from: '+27825550105', status: 'delivered' as const }
    const entries = conversation(
      ticket,
      [
        message({ ...whatsapp, id: 'in', created_by: null }),
        message({
          ...whatsapp,
          id: 'stranger',
          direction: 'internal',
          created_by: null,
          author_kind: 'system',
          body: 'Unverified WhatsApp from +27825550105: hello',
          metadata: { unverified: true, text: 'hello' },
        }),
        message({ ...whatsapp, id: 'note', direction: 'internal', created_by: AGENT, author_kind: 'staff' }),
        message({ ...whatsapp, id: 'reply', direction: 'outbound', created_by: AGENT, author_kind: 'staff' }),
        message({ id: 'portal' }),
      ],
      { id: AGENT },
    )
    expect(entries.map((entry) => [entry.key, entry.split])).toEqual([
      ['ticket-t1', null],
      ['in', 'in'],
      ['stranger', 'stranger'],
      ['note', null],
      ['reply', null],
      ['portal', null],
    ])
  })
})
