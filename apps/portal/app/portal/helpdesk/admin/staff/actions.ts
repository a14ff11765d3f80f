'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import {
  inviteStaffSchema,
  reassignTicketsSchema,
  STAFF_ROLES,
  staffMemberSchema,
  staffRoleSchema,
} from '@siyakha/schemas/admin'
import {
  deactivateStaffMutation,
  inviteUser,
  reactivateStaffMutation,
  reassignOpenTicketsMutation,
  setStaffRoleMutation,
  userIdByEmailQuery,
} from '@siyakha/supabase/admin'
import { removeStaffTwoFactorMutation } from '@siyakha/supabase/two-factor'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'
import { databaseRefusal } from '../refusal'

const PAGE = '/portal/helpdesk/admin/staff'

/**
 * Invite by email with a role: someone with an account gets the role at once; anyone else gets
 * Supabase Auth's invitation (its link signs them in to choose a password) and the role with it.
 */
export const inviteStaffAction = portalAction({
  role: 'admin',
  fields: ['email', 'role'],
  schema: inviteStaffSchema,
  run: async ({ email, role }, context) => {
    let userId = await userIdByEmailQuery(context.supabase, email)
    const invited = !userId
    if (!userId) {
      const answer = await inviteUser(email)
      if ('error' in answer) return refuse(context, 'failed', answer.error)
      userId = answer.userId
    }
    try {
      await setStaffRoleMutation(context.supabase, userId, role)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not give them the role. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, {
      message: invited
        ? `Invitation sent to ${email} (${STAFF_ROLES[role]}).`
        : `${email} is now staff (${STAFF_ROLES[role]}).`,
    })
  },
})

export const setStaffRoleAction = portalAction({
  role: 'admin',
  fields: ['userId', 'role'],
  schema: staffRoleSchema,
  run: async ({ userId, role }, context) => {
    try {
      await setStaffRoleMutation(context.supabase, userId, role)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not change the role. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, { message: `Role changed to ${STAFF_ROLES[role]}.` })
  },
})

export const deactivateStaffAction = portalAction({
  role: 'admin',
  fields: ['userId'],
  schema: staffMemberSchema,
  run: async ({ userId }, context) => {
    let open: number
    try {
      open = await deactivateStaffMutation(context.supabase, userId)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not deactivate them. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, {
      message:
        open > 0
          ? `Deactivated. ${open} open ${open === 1 ? 'ticket is' : 'tickets are'} still assigned to them: reassign below.`
          : 'Deactivated.',
    })
  },
})

export const reactivateStaffAction = portalAction({
  role: 'admin',
  fields: ['userId'],
  schema: staffMemberSchema,
  run: async ({ userId }, context) => {
    try {
      await reactivateStaffMutation(context.supabase, userId)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not reactivate them. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, { message: 'Reactivated: they can sign in again.' })
  },
})

export const reassignTicketsAction = portalAction({
  role: 'admin',
  fields: ['userId', 'to'],
  schema: reassignTicketsSchema,
  run: async ({ userId, to }, context) => {
    let moved: number
    try {
      moved = await reassignOpenTicketsMutation(context.supabase, userId, to)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not reassign the tickets. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, { message: `${moved} ${moved === 1 ? 'ticket' : 'tickets'} reassigned.` })
  },
})

/** Removes a staff member's two-factor sign-in (as on /portal/security: audited, sessions ended). */
export const removeTwoFactorAction = portalAction({
  role: 'admin',
  fields: ['userId'],
  schema: staffMemberSchema,
  run: async ({ userId }, context) => {
    try {
      await removeStaffTwoFactorMutation(context.supabase, userId)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not remove two-factor sign-in. Please try again.')
    }
    revalidatePath(PAGE)
    return succeeded(null, {
      message: 'Two-factor sign-in removed; they set it up again at their next sign-in.',
    })
  },
})
