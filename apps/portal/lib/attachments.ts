import 'server-only'
import {
  ATTACHMENT_LINK_SECONDS,
  ATTACHMENT_MESSAGES,
  attachmentDisplayName,
  attachmentProblem,
  attachmentType,
  storageFileName,
} from '@siyakha/schemas/attachments'
import {
  type AttachmentFile,
  AttachmentUploadError,
  attachToMessageMutation,
  removeUploadsMutation,
  type UploadedAttachment,
  uploadAttachmentsMutation,
} from '@siyakha/supabase/mutations'
import { type AttachmentToLink, attachmentLinksQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'

/** The files of a message, checked (the shared rules) and read; or the problem to show. */
async function readAttachments(
  files: readonly File[],
): Promise<{ ok: true; files: AttachmentFile[] } | { ok: false; message: string }> {
  const problem = attachmentProblem(files)
  if (problem) return { ok: false, message: problem }
  return {
    ok: true,
    files: await Promise.all(
      files.map(async (file) => ({
        name: attachmentDisplayName.parse(file.name),
        keyName: storageFileName(file.name),
        // attachmentProblem has checked there is one.
        contentType: attachmentType(file) as string,
        bytes: await file.arrayBuffer(),
      })),
    ),
  }
}

/** How a message with files went: sent (its files perhaps not recorded), or refused and why. */
export type SentWithFiles =
  | { ok: true; attachFailed: boolean }
  | { ok: false; reason: 'validation' | 'failed'; message: string }

/**
 * Sends a message with the files a form posted: they are checked and uploaded first (so a refused
 * file sends nothing), then `send` writes the message (its errors are the caller's to answer),
 * then the files are recorded on it. Uploads of a message that failed are removed again.
 */
export async function sendWithAttachments(
  supabase: TypedSupabaseClient,
  { ticketId, internal, files }: { ticketId: string; internal: boolean; files: readonly File[] },
  send: () => Promise<{ id: string }>,
): Promise<SentWithFiles> {
  const read = await readAttachments(files)
  if (!read.ok) return { ok: false, reason: 'validation', message: read.message }
  let uploaded: UploadedAttachment[] = []
  try {
    if (read.files.length) {
      uploaded = await uploadAttachmentsMutation(supabase, { ticketId, internal, files: read.files })
    }
  } catch (error) {
    if (!(error instanceof AttachmentUploadError)) throw error
    console.error('Could not upload the attachments', error)
    return { ok: false, reason: 'failed', message: ATTACHMENT_MESSAGES.failed }
  }
  const paths = uploaded.map((file) => file.path)
  let message: { id: string }
  try {
    message = await send()
  } catch (error) {
    await removeUploadsMutation(supabase, paths)
    throw error
  }
  try {
    await attachToMessageMutation(supabase, { ticketId, messageId: message.id, internal, uploaded })
    return { ok: true, attachFailed: false }
  } catch (error) {
    console.error('A message went out but its files could not be recorded', error)
    await removeUploadsMutation(supabase, paths)
    return { ok: true, attachFailed: true }
  }
}

/** A sent message's words, with a line when its files could not be kept. */
export function sentWords(words: string, sent: { attachFailed: boolean }): string {
  return sent.attachFailed ? `${words} ${ATTACHMENT_MESSAGES.notAttached}` : words
}

/**
 * Short-lived links to attachments the reader may see, by object path (missing ones left out):
 * pictures open in the browser, anything else downloads (attachmentLinksQuery).
 */
export async function attachmentLinks(
  supabase: TypedSupabaseClient,
  files: readonly AttachmentToLink[],
): Promise<Map<string, string>> {
  if (files.length === 0) return new Map()
  try {
    return await attachmentLinksQuery(supabase, files, ATTACHMENT_LINK_SECONDS)
  } catch (error) {
    console.error('Could not sign the attachment links', error)
    return new Map()
  }
}
