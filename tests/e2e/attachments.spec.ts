import { ACME_STAFF, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { ANON_KEY, createTicketAs, passwordSession, SUPABASE_URL } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'

// Files on ticket messages (issue 13, part 4): the customer attaches a screenshot and a PDF to a
// reply, the agent sees the picture inline and opens the PDF through its short-lived link, a
// refused file keeps what was typed, and an internal note's file never reaches the customer.

test.describe.configure({ timeout: 60_000 })

// A 2×2 red PNG and a one-page PDF, small but real.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

test('a customer attaches files to a reply; the agent sees them, and an internal file stays internal', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Attachments ${unique()}` })
  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const reply = customer.getByRole('region', { name: 'Reply' })
  const files = reply.getByLabel('Attach files')

  // A type we do not take is named at once and refused by the server; the words stay.
  await reply.getByLabel('Your reply').fill('Screenshots of the error attached.')
  await files.setInputFiles([{ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>hi</p>') }])
  await expect(reply.getByRole('alert')).toContainText('page.html is not a type we accept.')
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(customer.getByText('page.html is not a type we accept.').first()).toBeVisible()
  await expect(reply.getByLabel('Your reply')).toHaveValue('Screenshots of the error attached.')

  await files.setInputFiles([
    { name: 'error screen.png', mimeType: 'image/png', buffer: PNG },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF },
  ])
  await expect(reply).toContainText('error screen.png')
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(customer.getByText('Reply sent. We will let you know when we answer.')).toBeVisible()

  const conversation = customer.getByRole('region', { name: 'Conversation' })
  const entry = conversation.getByRole('listitem').filter({ hasText: 'Screenshots of the error attached.' })
  const image = entry.getByRole('img', { name: 'error screen.png' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)

  // The agent sees the same files; the PDF opens through its signed link, without a session.
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  const agentEntry = helpdesk.conversation
    .getByRole('listitem')
    .filter({ hasText: 'Screenshots of the error' })
  await expect(agentEntry.getByRole('img', { name: 'error screen.png' })).toBeVisible()
  const pdfLink = agentEntry.getByRole('link', { name: 'invoice.pdf' })
  const href = (await pdfLink.getAttribute('href')) as string
  expect(href).toContain('/storage/v1/object/sign/ticket-attachments/')
  // A plain fetch, as a browser tab opening the link would: no session, no cookie.
  const pdf = await fetch(href)
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  // Not a picture: a download under its own name, never a page opened on Storage's origin.
  expect(new URL(href).searchParams.get('download')).toBe('invoice.pdf')
  expect(pdf.headers.get('content-disposition')).toBe(
    "attachment; filename=invoice.pdf; filename*=UTF-8''invoice.pdf",
  )
  expect(pdf.headers.get('x-content-type-options')).toBe('nosniff')
  expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true)

  // An internal note with a file: staff see it, the customer sees neither.
  await helpdesk.replyForm.getByLabel('Internal note (staff only)').check()
  await helpdesk.replyForm.getByLabel('Message').fill('Firmware notes for the team.')
  await helpdesk.replyForm
    .getByLabel('Attach files')
    .setInputFiles([
      { name: 'firmware-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('v2.1 fixes it') },
    ])
  await helpdesk.replyForm.getByRole('button', { name: 'Add internal note' }).click()
  await expect(agent.getByText('Internal note added.')).toBeVisible()
  await expect(helpdesk.conversation.getByRole('link', { name: 'firmware-notes.txt' })).toBeVisible()
  await customer.reload()
  await expect(customer.getByText('firmware-notes.txt')).toHaveCount(0)
  await expect(customer.getByText('Firmware notes for the team.')).toHaveCount(0)

  // Another customer gets neither the ticket nor its files, not even by the file's own address.
  const other = await portalAs(ACME_STAFF, `/portal/tickets/${ticket.id}`)
  await expect(other.getByText('Not found or access denied.')).toBeVisible()
  await expect(other.getByRole('img', { name: 'error screen.png' })).toHaveCount(0)
  const object = decodeURIComponent(new URL(href).pathname).replace('/storage/v1/object/sign/', '')
  const { access_token } = await passwordSession(request, ACME_STAFF)
  const theirs = await request.get(`${SUPABASE_URL}/storage/v1/object/${object}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${access_token}` },
  })
  expect(theirs.status()).toBe(400)
  expect(((await theirs.json()) as { statusCode?: string }).statusCode).toBe('404')
})
