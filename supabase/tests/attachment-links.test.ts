// Links to attachments as the portal makes them (attachmentLinksQuery, issue 43 item 19): a picture
// opens in the browser; anything else is a download, so an HTML page uploaded as text/plain is
// saved under its own name instead of opening on Storage's origin. Real uploads, real signed URLs
// from the local stack's Storage, fetched as a browser would.
import { uploadAttachmentsMutation } from '@siyakha/supabase/mutations'
import { attachmentLinksQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { newCustomer, type SignedInUser } from './helpers'

let customer: SignedInUser
let ticketId: string

beforeAll(async () => {
  customer = await newCustomer('links')
  const { data } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary: 'Attachment links' })
    .select('id')
    .single()
    .throwOnError()
  ticketId = data.id
})

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer

describe('attachment links', () => {
  it('a PDF and a text file download under their own names; a picture opens inline', async () => {
    const uploaded = await uploadAttachmentsMutation(customer.supabase, {
      ticketId,
      internal: false,
      files: [
        {
          name: 'Invoice März.pdf',
          keyName: 'Invoice-Marz.pdf',
          contentType: 'application/pdf',
          bytes: bytes('%PDF-1.4\n'),
        },
        {
          name: 'notes.txt',
          keyName: 'notes.txt',
          contentType: 'text/plain',
          bytes: bytes('<!doctype html><script>alert(document.domain)</script>'),
        },
        { name: 'screen.png', keyName: 'screen.png', contentType: 'image/png', bytes: bytes('\x89PNG\r\n') },
      ],
    })
    const files = uploaded.map((file) => ({
      object_path: file.path,
      file_name: file.name,
      content_type: file.contentType,
    }))
    const links = await attachmentLinksQuery(customer.supabase, files, 60)
    expect(links.size).toBe(3)
    const [pdf, text, picture] = await Promise.all(
      files.map(async (file) => {
        const link = links.get(file.object_path) as string
        const response = await fetch(link)
        await response.arrayBuffer()
        return {
          status: response.status,
          download: new URL(link).searchParams.get('download'),
          disposition: response.headers.get('content-disposition'),
          nosniff: response.headers.get('x-content-type-options'),
        }
      }),
    )
    expect(pdf).toEqual({
      status: 200,
      download: 'Invoice-Marz.pdf',
      disposition: "attachment; filename=Invoice-Marz.pdf; filename*=UTF-8''Invoice-Marz.pdf",
      nosniff: 'nosniff',
    })
    expect(text).toEqual({
      status: 200,
      download: 'notes.txt',
      disposition: "attachment; filename=notes.txt; filename*=UTF-8''notes.txt",
      nosniff: 'nosniff',
    })
    expect(picture).toEqual({ status: 200, download: null, disposition: null, nosniff: null })
  })

  it('leaves out files the reader may not see', async () => {
    const stranger = await newCustomer('links-other')
    const [file] = await uploadAttachmentsMutation(customer.supabase, {
      ticketId,
      internal: false,
      files: [
        { name: 'a.pdf', keyName: 'a.pdf', contentType: 'application/pdf', bytes: bytes('%PDF-1.4\n') },
      ],
    })
    const links = await attachmentLinksQuery(
      stranger.supabase,
      [{ object_path: file?.path as string, file_name: 'a.pdf', content_type: 'application/pdf' }],
      60,
    )
    expect(links.size).toBe(0)
  })
})
