import { z } from 'zod'

// Self-contained (imports only zod): the forms, the server actions and the tests share it.

/**
 * Files on ticket messages (issue 13, part 4). The limits are the Storage bucket's (its row is in
 * supabase/migrations/*_baseline.sql, its policies in supabase/schemas/25_attachments.sql): 10 MB
 * each, these types only.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const ATTACHMENT_MAX_FILES = 5
export const ATTACHMENT_BUCKET = 'ticket-attachments'
/** How long a link to an attachment works: long enough to open it, short enough not to share. */
export const ATTACHMENT_LINK_SECONDS = 300

/** The accepted types, by MIME type, with the extensions a browser may send them under. */
export const ATTACHMENT_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
  'text/csv': ['csv'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
} as const satisfies Record<string, readonly string[]>
export type AttachmentType = keyof typeof ATTACHMENT_TYPES

/** For the file picker's `accept`. */
export const ATTACHMENT_ACCEPT = Object.entries(ATTACHMENT_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions.map((extension) => `.${extension}`)])
  .join(',')

export const ATTACHMENT_MESSAGES = {
  tooMany: `Attach at most ${ATTACHMENT_MAX_FILES} files to one message.`,
  tooBig: (name: string) => `${name} is larger than 10 MB. Attach a smaller file.`,
  empty: (name: string) => `${name} is empty.`,
  wrongType: (name: string) =>
    `${name} is not a type we accept. Attach images, PDF, Word, Excel, PowerPoint, text or CSV files.`,
  notOnWhatsapp: 'WhatsApp replies cannot carry files yet. Send the files with a public reply instead.',
  failed: 'The files could not be attached, so nothing was sent. Please try again.',
  notAttached: 'The files could not be attached; please add them again.',
} as const

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * The type a file is stored under: what the browser said when it is one we accept, else the one
 * its extension names (browsers send CSV and Office files under several names, or none).
 */
export function attachmentType(file: { name: string; type: string }): AttachmentType | null {
  const said = file.type.split(';')[0]?.trim().toLowerCase() ?? ''
  if (said in ATTACHMENT_TYPES) return said as AttachmentType
  const extension = extensionOf(file.name)
  const match = Object.entries(ATTACHMENT_TYPES).find(([, extensions]) =>
    (extensions as readonly string[]).includes(extension),
  )
  return (match?.[0] as AttachmentType | undefined) ?? null
}

/**
 * A name Storage accepts as part of a key ([A-Za-z0-9._-]; accents lose their marks, anything else
 * becomes `-`), at most 100 characters, keeping the extension. The original name is kept
 * separately for people.
 */
export function storageFileName(name: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
  const extension = extensionOf(name)
  const stem = clean(extension ? name.slice(0, -(extension.length + 1)) : name)
  const kept = stem.slice(0, 100 - (extension ? extension.length + 1 : 0)) || 'file'
  return extension ? `${kept}.${extension}` : kept
}

/** A file as the forms and actions see it (a File has these). */
export interface AttachmentCandidate {
  name: string
  type: string
  size: number
}

/** The first problem with a set of files, in the words the form shows; null when they can go. */
export function attachmentProblem(files: readonly AttachmentCandidate[]): string | null {
  if (files.length > ATTACHMENT_MAX_FILES) return ATTACHMENT_MESSAGES.tooMany
  for (const file of files) {
    const name = file.name || 'A file'
    if (file.size === 0) return ATTACHMENT_MESSAGES.empty(name)
    if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_MESSAGES.tooBig(name)
    if (!attachmentType(file)) return ATTACHMENT_MESSAGES.wrongType(name)
  }
  return null
}

/** A person's name for a file: the original, trimmed, at most 200 characters. */
export const attachmentDisplayName = z.string().transform((name) => name.trim().slice(0, 200) || 'file')

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
