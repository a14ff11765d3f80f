import { z } from 'zod'

// Self-contained (imports only zod) so the Deno edge functions can load this file as it is.

/*
 * Every free-text field of every payload goes through `text()`, so the same rules hold on the
 * forms, the server actions and the functions: PostgreSQL refuses NUL in text (a 500 if it gets
 * that far) and an unpaired UTF-16 surrogate cannot be stored or encoded as UTF-8 either, so both
 * are refused up front with a message a person can act on. Maximum lengths are the database's
 * CHECK constraints (supabase/schemas); JavaScript counts UTF-16 units, PostgreSQL's
 * char_length code points, so a string within `max` here always fits there.
 */

/** The longest email address that can be delivered (RFC 5321 path limit); Supabase Auth agrees. */
export const EMAIL_MAX = 254

/** Column limits of the public forms, as in supabase/schemas/30_public_forms.sql. */
export const LIMITS = {
  fullName: 200,
  contactNumber: 50,
  whatsappNumber: 50,
  category: 100,
  description: 10_000,
  company: 200,
  phone: 50,
  service: 100,
  message: 10_000,
  companyName: 200,
  ticketMessage: 4096,
} as const

export const TEXT_MESSAGES = {
  nul: 'Remove the invisible control character (NUL) from this field',
  surrogate: 'This field contains a broken character; please retype it',
  tooLong: (max: number) => `Keep this under ${max} characters`,
} as const

const NUL = '\u0000'
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether a string can be stored and mailed as it is: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value)
}

export interface TextOptions {
  /** Shortest accepted value after trimming (0: may be empty). */
  min?: number
  /** The message when shorter than `min`. */
  required?: string
  /** The message when longer than `max`; default "Keep this under N characters". */
  tooLong?: string
}

function storable(schema: z.ZodString) {
  return schema
    .refine((value) => !value.includes(NUL), TEXT_MESSAGES.nul)
    .refine((value) => !LONE_SURROGATE.test(value), TEXT_MESSAGES.surrogate)
}

/** A trimmed text field of at most `max` characters, refusing NUL and unpaired surrogates. */
export function text(max: number, { min = 0, required, tooLong }: TextOptions = {}) {
  return storable(z.string())
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min, required)
        .max(max, tooLong ?? TEXT_MESSAGES.tooLong(max)),
    )
}

/** `text()` without trimming, for bodies whose whitespace matters (a WhatsApp message). */
export function rawText(max: number, { min = 0, required, tooLong }: TextOptions = {}) {
  return storable(
    z
      .string()
      .min(min, required)
      .max(max, tooLong ?? TEXT_MESSAGES.tooLong(max)),
  )
}

/** A trimmed email address of at most EMAIL_MAX characters. */
export function email(message = 'Please enter a valid email address') {
  return text(EMAIL_MAX, { tooLong: message }).pipe(z.email(message))
}
