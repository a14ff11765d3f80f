import { z } from 'zod'

/** What the portal says about two-factor sign-in (sign-in code step, Security page, refusals). */
export const TWO_FACTOR_MESSAGES = {
  codePrompt: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6 digits your authenticator app shows.',
  wrongCode: 'That code did not work. Check your authenticator app and enter the code it shows now.',
  required:
    'Two-factor sign-in is required for all staff. Turn it on, or sign in with your code, to use the helpdesk.',
  requiredNoTurnOff: 'Two-factor sign-in is required for all staff, so it cannot be turned off.',
  codeNeeded: 'Two-factor sign-in is on for your account. Sign in with your code to use the helpdesk.',
  adminNeedsTwoFactor: 'Turn on two-factor sign-in for yourself first, and sign in with it.',
  noFactor: 'Two-factor sign-in is not turned on for this account.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  requirementOn: 'Two-factor sign-in is now required for all staff.',
  requirementOff: 'Two-factor sign-in is no longer required for staff.',
  addressLimited: 'Too many codes were tried from this network. Wait a minute, then try again.',
  recovery:
    'If you lose your phone, use a second authenticator app that has the same key, or ask a provider admin to remove your two-factor sign-in and set it up again.',
  secondApp:
    'Add the same key to a second authenticator app too (another phone or your password manager), so losing one phone does not lock you out.',
  removedFactors: 'Two-factor sign-in removed. They can now sign in with their password and set it up again.',
} as const

/**
 * After 5 wrong codes for one account in 15 minutes: how long until it may try again, in whole
 * minutes (rounded up, so it is never too early).
 */
export function tooManyWrongCodes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/**
 * A code from an authenticator app: 6 digits. Spaces (apps show "123 456") and dashes are
 * dropped first, so a copied code passes as it was shown.
 */
export const totpCode = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat))

/** The sign-in code step: the code and where to go next. */
export const twoFactorSignInSchema = z.object({ code: totpCode, from: z.string() })

/** 'Turn on' on the Security page: the factor being set up and the first code from the app. */
export const twoFactorConfirmSchema = z.object({
  factorId: z.uuid('Start setting up two-factor sign-in again.'),
  code: totpCode,
  from: z.string(),
})

/** A provider admin's 'Remove two-factor sign-in' for a staff member on the Security page. */
export const removeStaffTwoFactorSchema = z.object({
  staffMemberId: z.uuid('Reload the page and try again.'),
})

/** 'Turn off' on the Security page. */
export const twoFactorTurnOffSchema = z.object({ factorId: z.uuid('Reload the page and try again.') })

/** The provider admin's switch "Require two-factor sign-in for all staff". */
export const twoFactorRequirementSchema = z.object({
  required: z.enum(['true', 'false'], 'Choose on or off.').transform((value) => value === 'true'),
})
