import type { ProjectConfig } from '../config/project.js'
import { type Body, str } from './context.js'
import { AuthError, validation } from './errors.js'

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
const CHALLENGE_RE = /^[A-Za-z0-9._~-]{43,128}$/
/** GoTrue refuses longer addresses; RFC 5321 allows no longer deliverable ones. */
export const EMAIL_MAX = 254

export interface Pkce {
  challenge: string
  method: 's256' | 'plain'
}

export function checkEmail(value: unknown): string {
  const email = str(value)?.trim().toLowerCase()
  if (!email) throw validation('An email address is required')
  if (email.length > EMAIL_MAX) throw validation('An email address is too long')
  if (!EMAIL_RE.test(email)) {
    throw validation('Unable to validate email address: invalid format')
  }
  return email
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
const CHARACTER_GROUPS: Record<string, string[]> = {
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~'],
  letters_digits: [LOWER + UPPER, DIGITS],
}

/** The config's password policy; a weak password is 422 `weak_password` with the reasons. */
export function checkPassword(password: string, auth: ProjectConfig['auth']): void {
  if (password.length > 72) throw validation('Password cannot be longer than 72 characters')
  const reasons: string[] = []
  const messages: string[] = []
  if (password.length < auth.minimum_password_length) {
    reasons.push('length')
    messages.push(`Password should be at least ${auth.minimum_password_length} characters.`)
  }
  const groups = auth.password_requirements ? CHARACTER_GROUPS[auth.password_requirements] : undefined
  if (groups && !groups.every((set) => [...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters')
    messages.push(`Password should contain at least one character of each: ${groups.join(', ')}.`)
  }
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
  }
}

export function checkPkce(body: Body): Pkce | undefined {
  const challenge = str(body.code_challenge)
  const method = str(body.code_challenge_method)?.toLowerCase()
  if (!challenge && !method) return undefined
  if (!challenge || !method) throw validation('PKCE flow requires code_challenge_method and code_challenge')
  if (method !== 's256' && method !== 'plain') throw validation('code challenge method not supported')
  if (!CHALLENGE_RE.test(challenge)) {
    throw validation(
      'code challenge has to be between 43 and 128 characters and only contain A-Z, a-z, 0-9, ., _, ~, -',
    )
  }
  return { challenge, method }
}
