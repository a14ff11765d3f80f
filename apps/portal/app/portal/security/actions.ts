'use server'

import { refused, succeeded } from '@siyakha/schemas/action-state'
import { HELPDESK_MESSAGES } from '@siyakha/schemas/helpdesk'
import {
  removeStaffTwoFactorSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmSchema,
  twoFactorRequirementSchema,
  twoFactorTurnOffSchema,
} from '@siyakha/schemas/two-factor'
import { removeStaffTwoFactorMutation, setStaffTwoFactorRequiredMutation } from '@siyakha/supabase/two-factor'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { portalAction, refuse } from '@/lib/action'
import { safePath } from '@/lib/safe-path'
import { currentStaffAccess } from '@/lib/session'
import { isWrongCode, removeUnconfirmedFactors } from '@/lib/two-factor'

// The Security page's actions, each as the signed-in user through Supabase Auth's MFA API (the
// factor belongs to the session's user; nobody turns it on or off for someone else), except a
// provider admin's removal of a staff member's factors, which the database does and logs.

/** What the app needs to be set up: the QR code (an SVG data URI) and the same key as text. */
export type TwoFactorEnrolment = { factorId: string; qrCode: string; secret: string }

/** 'Turn on two-factor sign-in': a new, unconfirmed authenticator-app factor. Staff only. */
export const startTwoFactorAction = portalAction({
  fields: ['start'],
  schema: z.object({ start: z.string() }),
  run: async (_data, context) => {
    if (!(await currentStaffAccess()).staffMember)
      return refuse(context, 'forbidden', HELPDESK_MESSAGES.notFound)
    // An abandoned setup would clash with this one (a user's factor names are unique).
    await removeUnconfirmedFactors(context.supabase)
    const { data, error } = await context.supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer: 'Siyakha Tech Portal',
    })
    if (error) return refuse(context, 'failed', error.message)
    return succeeded<TwoFactorEnrolment>({
      factorId: data.id,
      qrCode: data.totp.qr_code,
      secret: data.totp.secret,
    })
  },
})

/**
 * The first code from the app confirms the factor; the session becomes one with two factors
 * (aal2), written to the HttpOnly cookies. Then back to where the person was sent from, if anywhere.
 */
export const confirmTwoFactorAction = portalAction({
  fields: ['factorId', 'code', 'from'],
  schema: twoFactorConfirmSchema,
  run: async ({ factorId, code, from }, context) => {
    const { error } = await context.supabase.auth.mfa.challengeAndVerify({ factorId, code })
    if (error && isWrongCode(error))
      return refused('validation', context.values, { fieldErrors: { code: TWO_FACTOR_MESSAGES.wrongCode } })
    if (error) return refuse(context, 'failed', error.message)
    revalidatePath('/portal/security')
    return succeeded({ to: from ? safePath(from) : null }, { message: TWO_FACTOR_MESSAGES.turnedOn })
  },
})

/** 'Turn off': removes the factor (Auth asks for a session with two factors to do that). */
export const turnOffTwoFactorAction = portalAction({
  fields: ['factorId'],
  schema: twoFactorTurnOffSchema,
  run: async ({ factorId }, context) => {
    const access = await currentStaffAccess()
    if (access.staffMember && access.required)
      return refuse(context, 'forbidden', TWO_FACTOR_MESSAGES.requiredNoTurnOff)
    const { error } = await context.supabase.auth.mfa.unenroll({ factorId })
    if (error) return refuse(context, 'failed', error.message)
    revalidatePath('/portal/security')
    return succeeded(null, { message: TWO_FACTOR_MESSAGES.turnedOff })
  },
})

/**
 * A provider admin's "Require two-factor sign-in for all staff". The database has the last word:
 * only provider admins change it, and turning it on takes a session with two factors.
 */
export const setTwoFactorRequirementAction = portalAction({
  role: 'staff',
  fields: ['required'],
  schema: twoFactorRequirementSchema,
  run: async ({ required }, context) => {
    if (!(await currentStaffAccess()).providerAdmin)
      return refuse(context, 'forbidden', HELPDESK_MESSAGES.notFound)
    if (required && context.user.aal !== 'aal2')
      return refuse(context, 'forbidden', TWO_FACTOR_MESSAGES.adminNeedsTwoFactor)
    try {
      if (!(await setStaffTwoFactorRequiredMutation(context.supabase, required)))
        return refuse(context, 'forbidden', HELPDESK_MESSAGES.notFound)
    } catch (error) {
      if ((error as { code?: string }).code === '42501')
        return refuse(context, 'forbidden', TWO_FACTOR_MESSAGES.adminNeedsTwoFactor)
      throw error
    }
    revalidatePath('/portal/security')
    return succeeded(null, {
      message: required ? TWO_FACTOR_MESSAGES.requirementOn : TWO_FACTOR_MESSAGES.requirementOff,
    })
  },
})

/** The database's refusals of a removal (public.remove_staff_two_factor), in the admin's words. */
const REMOVAL_REFUSALS: Record<string, string> = {
  '42501': TWO_FACTOR_MESSAGES.adminNeedsTwoFactor,
  '22023': 'Turn off your own two-factor sign-in above.',
  P0002: HELPDESK_MESSAGES.notFound,
}

/**
 * A provider admin's "Remove two-factor sign-in" for a staff member who lost their authenticator:
 * their factors go and their sessions end, so they sign in with the password and set it up again.
 * The database checks the caller (a provider admin, with two factors when they have them) and
 * writes who did it to the staff audit log.
 */
export const removeStaffTwoFactorAction = portalAction({
  role: 'staff',
  fields: ['staffMemberId'],
  schema: removeStaffTwoFactorSchema,
  run: async ({ staffMemberId }, context) => {
    if (!(await currentStaffAccess()).providerAdmin)
      return refuse(context, 'forbidden', HELPDESK_MESSAGES.notFound)
    try {
      await removeStaffTwoFactorMutation(context.supabase, staffMemberId)
    } catch (error) {
      const refusal = REMOVAL_REFUSALS[(error as { code?: string }).code ?? '']
      if (refusal) return refuse(context, 'forbidden', refusal)
      throw error
    }
    revalidatePath('/portal/security')
    return succeeded(null, { message: TWO_FACTOR_MESSAGES.removedFactors })
  },
})
