// Attachments (issue 13, part 4): the private bucket and its policies on storage.objects, and the
// ticket_attachments rows that put files on messages, as anon, two customers, a company admin and
// staff, through unmodified supabase-js against the local stack's Storage API.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Client, DEMO, sql } from '../helpers'
import { db, service, T, useCallers } from './callers'

useCallers()

const BUCKET = 'ticket-attachments'
const THABOS = T('a1') // Thabo's own, not a company's
const ACMES = T('a9') // filed by the Acme member, readable by Acme's admin
const text = (words: string) => new TextEncoder().encode(words)

async function upload(client: Client, path: string, body = 'hello', contentType = 'text/plain') {
  return client.storage.from(BUCKET).upload(path, text(body), { contentType })
}

const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode

describe('the ticket-attachments bucket', () => {
  it('is private, 10 MB a file, and takes the accepted types only', async () => {
    const { data } = await service.storage.getBucket(BUCKET)
    expect(data).toMatchObject({ public: false, file_size_limit: 10485760 })
    expect(data?.allowed_mime_types).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'text/csv']),
    )
    const { error } = await upload(db.thabo, `${THABOS}/${randomUUID()}-page.html`, '<p>x</p>', 'text/html')
    expect(statusOf(error)).toBe('415')
  })
})

describe('storage.objects policies', () => {
  const path = `${THABOS}/${randomUUID()}-router-log.txt`
  const internal = `${THABOS}/internal/${randomUUID()}-notes.txt`

  beforeAll(async () => {
    const { error } = await upload(db.thabo, path, 'router log')
    expect(error).toBeNull()
    const staff = await upload(db.agent, internal, 'staff only')
    expect(staff.error).toBeNull()
  })

  it('only readers of the ticket add files to its folder; only staff to its internal folder', async () => {
    for (const caller of ['anon', 'companyMember', 'companyAdmin'] as const) {
      const { error } = await upload(db[caller], `${THABOS}/${randomUUID()}-x.txt`)
      expect(statusOf(error), caller).toBe('403')
    }
    const customerInternal = await upload(db.thabo, `${THABOS}/internal/${randomUUID()}-x.txt`)
    expect(statusOf(customerInternal.error)).toBe('403')
    // Outside a ticket's folder, or deeper than the two shapes: refused, never a server error.
    for (const odd of [
      `${randomUUID()}-loose.txt`,
      `not-a-ticket/${randomUUID()}.txt`,
      `${THABOS}/a/b/c.txt`,
    ]) {
      const { error } = await upload(db.agent, odd)
      expect(statusOf(error), odd).toBe('403')
    }
  })

  it('the owner and staff read a file; another customer, a company admin of another company and anon do not', async () => {
    for (const caller of ['thabo', 'agent', 'providerAdmin'] as const) {
      const { data, error } = await db[caller].storage.from(BUCKET).download(path)
      expect(error, caller).toBeNull()
      expect(await data?.text(), caller).toBe('router log')
    }
    for (const caller of ['anon', 'companyMember', 'companyAdmin'] as const) {
      const { error } = await db[caller].storage.from(BUCKET).download(path)
      expect(statusOf(error), caller).toBe('404')
    }
  })

  it("internal files are staff only, even for the ticket's owner", async () => {
    const owner = await db.thabo.storage.from(BUCKET).download(internal)
    expect(statusOf(owner.error)).toBe('404')
    const staff = await db.providerAdmin.storage.from(BUCKET).download(internal)
    expect(await staff.data?.text()).toBe('staff only')
  })

  it("a company admin reads files on their company's tickets", async () => {
    const acme = `${ACMES}/${randomUUID()}-scan.txt`
    expect((await upload(db.companyMember, acme, 'acme scan')).error).toBeNull()
    const { data } = await db.companyAdmin.storage.from(BUCKET).download(acme)
    expect(await data?.text()).toBe('acme scan')
    const { error } = await db.thabo.storage.from(BUCKET).download(acme)
    expect(statusOf(error)).toBe('404')
  })

  it('signed links open without a session, for readers only', async () => {
    const { data } = await db.thabo.storage.from(BUCKET).createSignedUrl(path, 60)
    const response = await fetch(data?.signedUrl as string)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('router log')
    const other = await db.companyMember.storage.from(BUCKET).createSignedUrl(path, 60)
    expect(statusOf(other.error)).toBe('404')
  })

  it('another customer removes nothing; the uploader removes their own', async () => {
    const mine = `${THABOS}/${randomUUID()}-remove-me.txt`
    expect((await upload(db.thabo, mine)).error).toBeNull()
    const { data: notTheirs } = await db.companyMember.storage.from(BUCKET).remove([mine])
    expect(notTheirs).toEqual([])
    const { data: removed } = await db.thabo.storage.from(BUCKET).remove([mine])
    expect(removed?.map((file) => file.name)).toEqual([mine])
  })
})

describe('ticket_attachments', () => {
  /** A message of Thabo's on his ticket, with a file he uploaded for it. */
  async function thabosMessageWithFile() {
    const [message] = await sql<{ id: string }>(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status, created_by)
       values ($1, 'inbound', 'portal', 'See the attached log', 'sent', $2) returning id`,
      [THABOS, DEMO.thabo.id],
    )
    const path = `${THABOS}/${randomUUID()}-log.txt`
    expect((await upload(db.thabo, path, 'log')).error).toBeNull()
    return { messageId: message?.id as string, path }
  }

  const row = (messageId: string, path: string, internal = false) => ({
    ticket_id: THABOS,
    message_id: messageId,
    object_path: path,
    file_name: 'log.txt',
    content_type: 'text/plain',
    size_bytes: 3,
    internal,
  })

  it('the author records an uploaded file on their message; readers of the ticket see it', async () => {
    const { messageId, path } = await thabosMessageWithFile()
    await db.thabo.from('ticket_attachments').insert(row(messageId, path)).throwOnError()
    for (const caller of ['thabo', 'agent'] as const) {
      const { data } = await db[caller]
        .from('ticket_attachments')
        .select('object_path')
        .eq('message_id', messageId)
      expect(data, caller).toEqual([{ object_path: path }])
    }
    for (const caller of ['companyMember', 'companyAdmin'] as const) {
      const { data } = await db[caller].from('ticket_attachments').select('id').eq('message_id', messageId)
      expect(data, caller).toEqual([])
    }
    const anon = await db.anon.from('ticket_attachments').select('id')
    expect(anon.error?.code).toBe('42501')
  })

  it('refuses a file that is not there, on a message of someone else, or marked internal wrongly', async () => {
    const { messageId, path } = await thabosMessageWithFile()
    const missing = await db.thabo
      .from('ticket_attachments')
      .insert(row(messageId, `${THABOS}/${randomUUID()}-never-uploaded.txt`))
    expect(missing.error?.code).toBe('23503')
    const notTheirs = await db.agent.from('ticket_attachments').insert(row(messageId, path))
    expect(notTheirs.error?.code).toBe('42501')
    const wrongKind = await db.thabo.from('ticket_attachments').insert(row(messageId, path, true))
    expect(wrongKind.error?.code).toBe('23514')
    const otherCustomer = await db.companyMember.from('ticket_attachments').insert(row(messageId, path))
    expect(otherCustomer.error?.code).toBe('42501')
  })

  it("an internal note's files are staff only", async () => {
    const [note] = await sql<{ id: string }>(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status, created_by)
       values ($1, 'internal', 'portal', 'Firmware notes attached', 'sent', $2) returning id`,
      [THABOS, DEMO.agent.id],
    )
    const path = `${THABOS}/internal/${randomUUID()}-firmware.txt`
    expect((await upload(db.agent, path, 'fw')).error).toBeNull()
    await db.agent
      .from('ticket_attachments')
      .insert({ ...row(note?.id as string, path, true), size_bytes: 2 })
      .throwOnError()
    const { data: owner } = await db.thabo
      .from('ticket_attachments')
      .select('id')
      .eq('message_id', note?.id as string)
    expect(owner).toEqual([])
    const { data: staff } = await db.providerAdmin
      .from('ticket_attachments')
      .select('id')
      .eq('message_id', note?.id as string)
    expect(staff).toHaveLength(1)
  })
})
