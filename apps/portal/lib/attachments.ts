import 'server-only'
import {
  ATTACHMENT_BUCKET,
  ATTACHMENT_LINK_SECONDS,
  attachmentDisplayName,
  attachmentProblem,
  attachmentType,
  storageFileName,
} from '@siyakha/schemas/attachments'
import {
  type AttachmentFile,
  attachToMessageMutation,
  removeUploadsMutation,
  uploadAttachmentsMutation,
} from '@siyakha/supabase/mutations'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'

/** The files of a message, checked (the shared rules) and read; or the problem to show. */
export async function readAttachments(
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

/**
 * Sends a message with its files: the files go up first (so a refused upload sends nothing), then
 * `send` writes the message, then the files are recorded on it. Answers the message's id, or the
 * words of what went wrong (logged).
 */
export async function sendWithAttachments(
  supabase: TypedSupabaseClient,
  { ticketId, internal, files }: { ticketId: string; internal: boolean; files: AttachmentFile[] },
  send: () => Promise<{ id: string }>,
): Promise<{ id: string; attachFailed: boolean }> {
  const uploaded = files.length
    ? await uploadAttachmentsMutation(supabase, { ticketId, internal, files })
    : []
  let message: { id: string }
  try {
    message = await send()
  } catch (error) {
    await removeUploadsMutation(
      supabase,
      uploaded.map((file) => file.path),
    )
    throw error
  }
  try {
    await attachToMessageMutation(supabase, { ticketId, messageId: message.id, internal, uploaded })
    return { id: message.id, attachFailed: false }
  } catch (error) {
    console.error('A message went out but its files could not be recorded', error)
    await removeUploadsMutation(
      supabase,
      uploaded.map((file) => file.path),
    )
    return { id: message.id, attachFailed: true }
  }
}

/** Short-lived links to attachments the reader may see, by object path (missing ones left out). */
export async function attachmentLinks(
  supabase: TypedSupabaseClient,
  paths: readonly string[],
): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map()
  const { data, error } = await supabase.storage
    .from(ATTACHMENT_BUCKET)
    .createSignedUrls([...paths], ATTACHMENT_LINK_SECONDS)
  if (error) {
    console.error('Could not sign the attachment links', error.message)
    return new Map()
  }
  return new Map(
    data.flatMap((entry) =>
      entry.path && entry.signedUrl && !entry.error ? [[entry.path, entry.signedUrl]] : [],
    ),
  )
}
