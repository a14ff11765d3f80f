// Inbound email through the real stack (issue 43, items 6 and 7): mail goes in through the
// mailbox's SMTP port, the mailbox plays the provider (stores it, posts the signed webhook, serves
// the content and the attachments API), and the inbound-email function keeps the files on the
// message in Storage, names the refused ones, and reads a hostile body without holding up the
// mail behind it.
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { newUser, type SignedIn, urls } from './functions-helpers'
import { signInAs, sql } from './helpers'

const smtp = new URL(urls.smtp)
const transport = nodemailer.createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false })
afterAll(() => transport.close())

const SUPPORT = 'support@siyakha.example'

async function send(mail: SendMailOptions) {
  await transport.sendMail({ to: SUPPORT, ...mail })
}

/** The mailbox plays the provider's DMARC verdict: this sender's domain passed. */
async function dmarcPass(sender: string) {
  const answer = await fetch(`${urls.mailbox}/api/v1/_local/dmarc`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sender, result: 'pass' }),
  })
  expect(answer.status).toBe(200)
}

interface StoredMessage {
  id: string
  ticket_id: string
  direction: string
  body: string
  metadata: Record<string, unknown>
  created_at: Date
}

/** The email messages from `sender`, oldest first, once there are `count` and `ready` holds for all. */
async function messagesFrom(
  sender: string,
  count = 1,
  ready: (message: StoredMessage) => boolean = () => true,
): Promise<StoredMessage[]> {
  const read = () =>
    sql<StoredMessage>(
      "select id, ticket_id, direction, body, metadata, created_at from ticket_messages where channel = 'email' and to_from = $1 order by created_at",
      [sender],
    )
  await expect.poll(async () => (await read()).filter(ready).length, { timeout: 20_000 }).toBe(count)
  return read()
}

/** Once the function is done with a mail, its files are named: kept ones in rows, the rest here. */
const filesHandled = (message: StoredMessage) => 'refused_attachments' in message.metadata

/** A 1×1 PNG, a small PDF and a Windows program, as a mail client attaches them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)])

describe('files attached to inbound email', () => {
  it('are kept on the message in Storage, readable by the customer and staff; refused ones are named', async () => {
    const customer = await newUser('mailfiles')
    await dmarcPass(customer.email)
    await send({
      from: customer.email,
      subject: `Scanner error ${Date.now()}`,
      text: 'The scanner shows this error; the log is attached.',
      attachments: [
        { filename: 'error.png', content: PNG, contentType: 'image/png' },
        { filename: 'scan log.pdf', content: PDF, contentType: 'application/pdf' },
        { filename: 'virus.exe', content: EXE, contentType: 'application/octet-stream' },
      ],
    })
    // The mail opened a ticket (its text is the details): the files come on a message of their own.
    const [message] = await messagesFrom(customer.email, 1, filesHandled)
    if (!message) throw new Error('no message')
    expect(message).toMatchObject({ direction: 'inbound', body: 'Files sent with this request' })
    const [ticket] = await sql<{ details: string }>('select details from tickets where id = $1', [
      message.ticket_id,
    ])
    expect(ticket?.details).toBe('The scanner shows this error; the log is attached.')
    expect(message.metadata.refused_attachments).toEqual([
      { filename: 'virus.exe', reason: 'type not allowed' },
    ])
    const files = await sql<{
      file_name: string
      content_type: string
      size_bytes: number
      object_path: string
      internal: boolean
      uploaded_by: string | null
    }>(
      'select file_name, content_type, size_bytes, object_path, internal, uploaded_by from ticket_attachments where message_id = $1 order by file_name',
      [message.id],
    )
    expect(files.map((f) => [f.file_name, f.content_type, f.size_bytes, f.internal, f.uploaded_by])).toEqual([
      ['error.png', 'image/png', PNG.length, false, customer.id],
      ['scan log.pdf', 'application/pdf', PDF.length, false, customer.id],
    ])
    const agent = await signInAs('agent')
    for (const reader of [customer.supabase, agent.supabase]) {
      for (const [file, bytes] of [
        [files[0], PNG],
        [files[1], PDF],
      ] as const) {
        const { data, error } = await reader.storage
          .from('ticket-attachments')
          .createSignedUrl(file?.object_path ?? '', 60)
        expect(error).toBeNull()
        const answer = await fetch(data?.signedUrl ?? '')
        expect(answer.status).toBe(200)
        expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true)
      }
    }
  })

  it('from a sender nobody verified go to the staff-only folder with the unverified item', async () => {
    const stranger = `stranger-files-${Date.now()}@example.net`
    await send({
      from: stranger,
      subject: 'Invoice attached',
      text: 'Please pay the attached invoice.',
      attachments: [
        { filename: 'invoice.pdf', content: PDF, contentType: 'application/pdf' },
        { filename: 'invoice.pdf.exe', content: EXE, contentType: 'application/pdf' },
      ],
    })
    const [message] = await messagesFrom(stranger, 1, filesHandled)
    if (!message) throw new Error('no message')
    const files = await sql<{ object_path: string; internal: boolean }>(
      'select object_path, internal from ticket_attachments where message_id = $1',
      [message.id],
    )
    expect(message.direction).toBe('internal')
    expect(files).toHaveLength(1)
    expect(files[0]?.internal).toBe(true)
    expect(files[0]?.object_path).toMatch(new RegExp(`^${message.ticket_id}/internal/`))
    expect(message.metadata.refused_attachments).toEqual([
      { filename: 'invoice.pdf.exe', reason: 'type not allowed' },
    ])
  })
})

describe('an unverified email’s files, once staff accept the mail', () => {
  // Nothing is refused in these mails, so the files' rows say the function is done with them.
  async function itemWithFiles(sender: string): Promise<StoredMessage> {
    const count = () =>
      sql<{ n: number }>(
        'select count(*)::int as n from ticket_attachments a join ticket_messages m on m.id = a.message_id where m.to_from = $1',
        [sender],
      )
    await expect.poll(async () => (await count())[0]?.n, { timeout: 20_000 }).toBe(1)
    const [item] = await messagesFrom(sender)
    if (!item) throw new Error('no item')
    return item
  }

  /** What `reader` gets for a file: its bytes through a signed link, or the refusal. */
  async function readAs(reader: SignedIn['supabase'], objectPath: string) {
    const { data, error } = await reader.storage.from('ticket-attachments').createSignedUrl(objectPath, 60)
    if (error || !data) return { refused: true as const }
    const answer = await fetch(data.signedUrl)
    return { refused: false as const, status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) }
  }

  /** The files on a message as its reader's own policies show them. */
  async function filesSeenBy(reader: SignedIn['supabase'], messageId: string) {
    const { data, error } = await reader
      .from('ticket_attachments')
      .select('object_path')
      .eq('message_id', messageId)
    expect(error).toBeNull()
    return data ?? []
  }

  it('on a reply become the customer’s to read, as the message does', async () => {
    const customer = await newUser('acceptfiles')
    const { data: ticket, error } = await customer.supabase
      .from('tickets')
      .insert({ summary: 'Printer jams', details: 'It jams on every page.' })
      .select('id, tracking_ref')
      .single()
    expect(error).toBeNull()
    if (!ticket) throw new Error('no ticket')
    // The customer writing from another address: the ticket's tag, nothing that proves who it is.
    const otherAddress = `acceptfiles-home-${Date.now()}@example.net`
    await send({
      from: otherAddress,
      subject: `Re: [${ticket.tracking_ref}] Printer jams`,
      text: 'Here is a photo of the jam.',
      attachments: [{ filename: 'jam.png', content: PNG, contentType: 'image/png' }],
    })
    const item = await itemWithFiles(otherAddress)
    expect(item).toMatchObject({ direction: 'internal', ticket_id: ticket.id })
    const [file] = await sql<{ object_path: string }>(
      'select object_path from ticket_attachments where message_id = $1',
      [item.id],
    )
    if (!file) throw new Error('no file')
    expect(await readAs(customer.supabase, file.object_path)).toEqual({ refused: true })
    expect(await filesSeenBy(customer.supabase, item.id)).toEqual([])

    const agent = await signInAs('agent')
    const accepted = await agent.supabase.rpc('accept_unverified_email', { p_message: item.id })
    expect(accepted.error).toBeNull()
    expect(await filesSeenBy(customer.supabase, item.id)).toEqual([{ object_path: file.object_path }])
    const read = await readAs(customer.supabase, file.object_path)
    expect(read.refused).toBe(false)
    expect(read.refused === false && read.bytes.equals(PNG)).toBe(true)
    // Another customer still cannot read it.
    const other = await newUser('acceptfiles-other')
    expect(await readAs(other.supabase, file.object_path)).toEqual({ refused: true })
  })

  it('that opened a ticket stay on the ticket, on a message of the requester’s', async () => {
    const stranger = `acceptopen-${Date.now()}@example.net`
    await send({
      from: stranger,
      subject: `Scanner offline ${Date.now()}`,
      text: 'The scanner is offline; the error is attached.',
      attachments: [{ filename: 'scan log.pdf', content: PDF, contentType: 'application/pdf' }],
    })
    const item = await itemWithFiles(stranger)
    expect(item.direction).toBe('internal')
    const [file] = await sql<{ object_path: string }>(
      'select object_path from ticket_attachments where message_id = $1',
      [item.id],
    )
    if (!file) throw new Error('no file')

    const agent = await signInAs('agent')
    const accepted = await agent.supabase.rpc('accept_unverified_email', { p_message: item.id })
    expect(accepted.error).toBeNull()
    expect(accepted.data).toMatchObject({ outcome: 'opened', ticket_id: item.ticket_id })
    const [ticket] = await sql<{ details: string }>('select details from tickets where id = $1', [
      item.ticket_id,
    ])
    expect(ticket?.details).toBe('The scanner is offline; the error is attached.')
    // The requester is a contact without an account: the files are the ticket's, on its
    // requester's message, no longer staff-only (read as the ticket's public files are).
    const [kept] = await sql<{ direction: string; body: string; internal: boolean }>(
      'select m.direction, m.body, a.internal from ticket_messages m join ticket_attachments a on a.message_id = m.id where m.id = $1',
      [item.id],
    )
    expect(kept).toEqual({ direction: 'inbound', body: 'Files sent with this request', internal: false })
    const read = await readAs(agent.supabase, file.object_path)
    expect(read.refused === false && read.bytes.equals(PDF)).toBe(true)
  })
})

describe('the local provider’s attachments API', () => {
  const KEY = { Authorization: 'Bearer re_local_inbound_key_for_development_only' }

  it('lists a received email’s files as Resend does, each with a download link only its signature opens', async () => {
    const subject = `Provider shape ${Date.now()}`
    await send({
      from: `shape-${Date.now()}@example.net`,
      subject,
      text: 'See the screenshot.',
      attachments: [{ filename: 'error.png', content: PNG, contentType: 'image/png' }],
    })
    let emailId = ''
    await expect
      .poll(
        async () => {
          const { deliveries } = (await (await fetch(`${urls.mailbox}/api/v1/webhooks`)).json()) as {
            deliveries: { email_id: string }[]
          }
          for (const { email_id } of deliveries.slice(0, 20)) {
            const content = (await (
              await fetch(`${urls.mailbox}/resend/emails/receiving/${email_id}`, { headers: KEY })
            ).json()) as { subject: string }
            if (content.subject === subject) emailId = email_id
          }
          return emailId
        },
        { timeout: 10_000 },
      )
      .not.toBe('')
    const base = `${urls.mailbox}/resend/emails/receiving/${emailId}/attachments`
    expect((await fetch(base)).status).toBe(401)
    const list = (await (await fetch(base, { headers: KEY })).json()) as {
      object: string
      has_more: boolean
      data: Record<string, unknown>[]
    }
    expect(list).toMatchObject({ object: 'list', has_more: false })
    expect(list.data).toHaveLength(1)
    const [file] = list.data
    expect(file).toMatchObject({
      object: 'attachment',
      filename: 'error.png',
      size: PNG.length,
      content_type: 'image/png',
      content_disposition: 'attachment',
    })
    expect(Date.parse(String(file?.expires_at))).toBeGreaterThan(Date.now())
    // One by its id: the same, with a link of its own.
    const one = (await (await fetch(`${base}/${file?.id}`, { headers: KEY })).json()) as Record<
      string,
      unknown
    >
    expect({ ...one, expires_at: null }).toEqual({ ...file, expires_at: null })
    const link = new URL(String(file?.download_url))
    const bytes = Buffer.from(await (await fetch(link)).arrayBuffer())
    expect(bytes.equals(PNG)).toBe(true)
    link.searchParams.set('signature', 'forged')
    expect((await fetch(link)).status).toBe(403)
  })
})

describe('a hostile body', () => {
  it('over 1 MB is stored cut, with metadata.truncated, and does not hold up the next mail', async () => {
    const customer = await newUser('hostile')
    const sender = customer.email
    await dmarcPass(sender)
    await send({ from: sender, subject: 'Printer offline', text: 'The printer is offline.' })
    await expect
      .poll(
        async () => (await sql('select 1 from tickets where created_by_user_id = $1', [customer.id])).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1)
    const [ticket] = await sql<{ tracking_ref: string }>(
      'select tracking_ref from tickets where created_by_user_id = $1',
      [customer.id],
    )
    const subject = `Re: [${ticket?.tracking_ref}] Printer offline`
    // One 1.2 MB line of quote-header openings: the old reader backtracked over it for minutes.
    const hostile = 'On x '.repeat(240_000)
    await send({ from: sender, subject, text: hostile })
    const sentAt = Date.now()
    await send({ from: sender, subject, text: 'The printer works again.' })
    const [first, second] = await messagesFrom(sender, 2)
    const waited = Date.now() - sentAt
    expect(first?.metadata.truncated).toBe(true)
    expect(first?.body.endsWith('… (truncated)')).toBe(true)
    expect(second?.body).toBe('The printer works again.')
    // Generous for a shared host: the old reader took 43 s for 400 kB of this line.
    expect(waited).toBeLessThan(8_000)
  }, 60_000)
})
