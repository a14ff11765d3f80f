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
} as const

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

/** 'Turn off' on the Security page. */
export const twoFactorTurnOffSchema = z.object({ factorId: z.uuid('Reload the page and try again.') })

/** The provider admin's switch "Require two-factor sign-in for all staff". */
export const twoFactorRequirementSchema = z.object({
  required: z.enum(['true', 'false'], 'Choose on or off.').transform((value) => value === 'true'),
})
