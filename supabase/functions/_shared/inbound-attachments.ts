// Files that come with inbound email (issue 43, item 7; messaging-contract.md §3.6): fetched from
// the provider's attachments API (Resend: `GET /emails/receiving/{email_id}/attachments`, a list
// with a short-lived download_url each), kept in Storage on the message the mail became, by the
// same rules as portal uploads (packages/schemas/src/attachments.ts). A file not kept is named on
// the message (metadata.refused_attachments), so nothing is lost without a trace.
import {
  ATTACHMENT_BUCKET,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_TYPES,
  attachmentDisplayName,
  attachmentType,
  storageFileName,
} from '@siyakha/schemas/attachments'
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'

/** The provider's list of a received email's attachments; only the fields we read are checked. */
export const receivedAttachmentsSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string().max(200),
        filename: z.string().max(1000).nullish(),
        size: z.number().nonnegative().nullish(),
        content_type: z.string().max(200).nullish(),
        content_disposition: z.string().max(100).nullish(),
        download_url: z.string().url().max(4000),
      }),
    )
    .max(100),
})
export type ReceivedAttachment = z.infer<typeof receivedAttachmentsSchema>['data'][number]

export interface RefusedAttachment {
  filename: string
  /** In the words the conversation shows after the name: "Not kept: virus.exe (type not allowed)". */
  reason: string
}

export const REFUSAL = {
  type: 'type not allowed',
  size: 'larger than 10 MB',
  empty: 'empty',
  count: `more than ${ATTACHMENT_MAX_FILES} files`,
  failed: 'could not be fetched',
} as const

const ACCEPTED_EXTENSIONS = new Set<string>(Object.values(ATTACHMENT_TYPES).flat())

/**
 * The type a mailed file is kept under, or null. Stricter than a browser's upload: a file whose
 * name ends in an extension we do not accept (`invoice.pdf.exe`) is refused whatever type the
 * sender's mail client declared, since the name is what a person opening it goes by.
 */
export function mailAttachmentType(filename: string, contentType: string | null | undefined) {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  if (extension && !ACCEPTED_EXTENSIONS.has(extension)) return null
  return attachmentType({ name: filename, type: contentType ?? '' })
}

/** The bytes at `url`, or why not: larger than the limit is refused without reading it all. */
async function download(url: string): Promise<Uint8Array | 'size' | 'failed'> {
  let answer: Response
  try {
    answer = await fetch(url)
  } catch (error) {
    console.error(`inbound-email: attachment download failed: ${(error as Error).message}`)
    return 'failed'
  }
  if (!answer.ok || !answer.body) {
    console.error(`inbound-email: attachment download answered ${answer.status}`)
    await answer.body?.cancel()
    return 'failed'
  }
  if (Number(answer.headers.get('content-length') ?? 0) > ATTACHMENT_MAX_BYTES) {
    await answer.body.cancel()
    return 'size'
  }
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of answer.body) {
    total += chunk.byteLength
    if (total > ATTACHMENT_MAX_BYTES) return 'size'
    chunks.push(chunk)
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

export interface StoredMessage {
  id: string
  ticket_id: string
  direction: string
  created_by: string | null
  metadata: Record<string, unknown> | null
}

/**
 * Stores the listed files on each message the mail became (files on a staff-only item go to the
 * ticket's internal folder) and names the refused ones on it. Never throws for one file: a file
 * that cannot be kept is named, and the mail stays received.
 */
export async function keepAttachments(
  service: SupabaseClient,
  messages: StoredMessage[],
  listed: ReceivedAttachment[],
): Promise<{ kept: number; refused: RefusedAttachment[] }> {
  const refused: RefusedAttachment[] = []
  const wanted: { file: ReceivedAttachment; name: string; type: string }[] = []
  // Files sent as attachments first: an inline logo in a signature should not crowd them out.
  const ordered = [...listed].sort(
    (a, b) => Number(a.content_disposition === 'inline') - Number(b.content_disposition === 'inline'),
  )
  for (const file of ordered) {
    const name = attachmentDisplayName.parse(file.filename ?? 'attachment')
    const type = mailAttachmentType(name, file.content_type)
    if (!type) refused.push({ filename: name, reason: REFUSAL.type })
    else if (file.size === 0) refused.push({ filename: name, reason: REFUSAL.empty })
    else if ((file.size ?? 0) > ATTACHMENT_MAX_BYTES) refused.push({ filename: name, reason: REFUSAL.size })
    else if (wanted.length >= ATTACHMENT_MAX_FILES) refused.push({ filename: name, reason: REFUSAL.count })
    else wanted.push({ file, name, type })
  }
  const fetched: { name: string; type: string; bytes: Uint8Array }[] = []
  for (const { file, name, type } of wanted) {
    const bytes = await download(file.download_url)
    if (bytes === 'size') refused.push({ filename: name, reason: REFUSAL.size })
    else if (bytes === 'failed') refused.push({ filename: name, reason: REFUSAL.failed })
    else if (bytes.byteLength === 0) refused.push({ filename: name, reason: REFUSAL.empty })
    else fetched.push({ name, type, bytes })
  }
  let kept = 0
  const bucket = service.storage.from(ATTACHMENT_BUCKET)
  for (const message of messages) {
    const internal = message.direction === 'internal'
    const notKept = [...refused]
    for (const file of fetched) {
      const path = `${message.ticket_id}/${internal ? 'internal/' : ''}${crypto.randomUUID()}-${storageFileName(file.name)}`
      const { error: uploadError } = await bucket.upload(path, file.bytes, {
        contentType: file.type,
        upsert: false,
      })
      if (uploadError) {
        console.error(`inbound-email: storing ${file.name} failed: ${uploadError.message}`)
        notKept.push({ filename: file.name, reason: REFUSAL.failed })
        continue
      }
      const { error: rowError } = await service.from('ticket_attachments').insert({
        ticket_id: message.ticket_id,
        message_id: message.id,
        object_path: path,
        file_name: file.name,
        content_type: file.type,
        size_bytes: file.bytes.byteLength,
        internal,
        uploaded_by: message.created_by,
      })
      if (rowError) {
        console.error(`inbound-email: recording ${file.name} failed: ${rowError.message}`)
        const { error: removeError } = await bucket.remove([path])
        if (removeError) console.error(`inbound-email: removing ${path} failed: ${removeError.message}`)
        notKept.push({ filename: file.name, reason: REFUSAL.failed })
        continue
      }
      kept++
    }
    if (notKept.length > 0) {
      const { error } = await service
        .from('ticket_messages')
        .update({ metadata: { ...(message.metadata ?? {}), refused_attachments: notKept } })
        .eq('id', message.id)
      if (error)
        console.error(`inbound-email: naming refused files on ${message.id} failed: ${error.message}`)
    }
  }
  return { kept, refused }
}

/**
 * After receive_email: the files of mail `emailId` kept on the messages it became. A mail that
 * opened a ticket became its details, so its files get a message of their own. Runs once the mail
 * is received, so it never throws: when the provider's list cannot be had, the files the mail
 * named are listed as not kept (a redelivery would receive the mail twice).
 */
export async function storeMailAttachments(
  service: SupabaseClient,
  {
    apiUrl,
    apiKey,
    emailId,
    received,
    from,
    named,
  }: {
    apiUrl: string
    apiKey: string
    emailId: string
    /** What receive_email answered. */
    received: unknown
    from: string
    named: string[]
  },
): Promise<{ kept: number; refused: RefusedAttachment[] }> {
  const { outcome, ticket_id: ticketId } = (received ?? {}) as { outcome?: string; ticket_id?: string | null }
  if (!ticketId) return { kept: 0, refused: [] }
  const read = () =>
    service
      .from('ticket_messages')
      .select('id, ticket_id, direction, created_by, metadata')
      .eq('ticket_id', ticketId)
      .eq('metadata->>email_id', emailId)
  let { data: messages, error } = await read()
  if (!error && messages?.length === 0 && outcome === 'new_ticket') {
    const { error: openError } = await service.rpc('receive_email_files', {
      p_ticket: ticketId,
      p_email_id: emailId,
      p_from: from,
    })
    if (openError)
      console.error(`inbound-email: a message for the files of ${emailId} failed: ${openError.message}`)
    else ({ data: messages, error } = await read())
  }
  if (error) {
    console.error(`inbound-email: the messages of ${emailId} could not be read: ${error.message}`)
    return { kept: 0, refused: [] }
  }
  if (!messages || messages.length === 0) return { kept: 0, refused: [] }
  let listed: ReceivedAttachment[] | null = null
  try {
    const answer = await fetch(
      `${apiUrl.replace(/\/+$/, '')}/emails/receiving/${encodeURIComponent(emailId)}/attachments`,
      {
        headers: { Authorization: `Bearer ${apiKey}` },
      },
    )
    const parsed = receivedAttachmentsSchema.safeParse(answer.ok ? await answer.json() : null)
    if (parsed.success) listed = parsed.data.data
    else console.error(`inbound-email: the attachments of ${emailId} answered ${answer.status}, unreadable`)
  } catch (fetchError) {
    console.error(
      `inbound-email: the attachments of ${emailId} could not be listed: ${(fetchError as Error).message}`,
    )
  }
  if (listed) return keepAttachments(service, messages as StoredMessage[], listed)
  const refused = named.map((name) => ({
    filename: attachmentDisplayName.parse(name),
    reason: REFUSAL.failed,
  }))
  for (const message of messages as StoredMessage[]) {
    const { error: updateError } = await service
      .from('ticket_messages')
      .update({ metadata: { ...(message.metadata ?? {}), refused_attachments: refused } })
      .eq('id', message.id)
    if (updateError)
      console.error(`inbound-email: naming refused files on ${message.id} failed: ${updateError.message}`)
  }
  return { kept: 0, refused }
}
