/*
 * `POST /verify` with a phone number. No SMS provider is configured here, so no phone code was
 * ever sent: after GoTrue's checks (type, E.164 format) the answer is the one GoTrue gives for a
 * code that matches nothing.
 */
import { z } from 'zod'
import type { Body } from './context.js'
import { AuthError, validation } from './errors.js'

const optionalString = z.preprocess(
  (value) => (typeof value === 'string' ? value : undefined),
  z.string().optional(),
)

const verifyBodySchema = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
})

export type VerifyBody = z.infer<typeof verifyBodySchema>

/** Non-string fields count as absent, as Go's JSON decoding into strings leaves them empty. */
export function parseVerifyBody(body: Body): VerifyBody {
  const parsed = verifyBodySchema.safeParse(body)
  if (!parsed.success) throw validation('Could not read verification params')
  return parsed.data
}

// GoTrue strips a leading "+" and spaces, then wants E.164 digits.
const E164 = /^[1-9]\d{1,14}$/

export function verifyPhone(body: VerifyBody): never {
  const phone = (body.phone ?? '').replace(/^\+/, '').replaceAll(' ', '')
  if (!E164.test(phone)) throw validation('Invalid phone number format (E.164 required)')
  throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
}
