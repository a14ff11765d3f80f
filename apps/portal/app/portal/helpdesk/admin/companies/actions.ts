'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import {
  companyEditSchema,
  companySchema,
  domainSchema,
  inviteMemberSchema,
  MEMBER_ROLES,
  memberRoleSchema,
  memberSchema,
  siteEditSchema,
  siteIdSchema,
  siteSchema,
} from '@siyakha/schemas/admin'
import {
  addCompanyDomainMutation,
  addCompanyMemberMutation,
  addCompanySiteMutation,
  createCompanyMutation,
  inviteUser,
  removeCompanyDomainMutation,
  removeCompanyMemberMutation,
  removeCompanySiteMutation,
  setCompanyMemberRoleMutation,
  updateCompanyMutation,
  updateCompanySiteMutation,
  userIdByEmailQuery,
} from '@siyakha/supabase/admin'
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { portalAction, refuse } from '@/lib/action'
import { databaseRefusal } from '../refusal'

const LIST = '/portal/helpdesk/admin/companies'
const pageOf = (companyId: string) => `${LIST}/${companyId}`
const NAME_TAKEN = 'A company with that name exists already.'
const GONE = 'That is no longer there: reload the page.'

/** Creates a company, then opens its page (members, domains and sites are added there). */
export const createCompanyAction = portalAction({
  role: 'admin',
  fields: ['name', 'notes', 'accountManagerId'],
  schema: companySchema,
  run: async (company, context) => {
    let id: string
    try {
      id = await createCompanyMutation(context.supabase, company)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not create the company. Please try again.', NAME_TAKEN)
    }
    revalidatePath(LIST)
    redirect(pageOf(id))
  },
})

export const updateCompanyAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'name', 'notes', 'accountManagerId'],
  schema: companyEditSchema,
  run: async ({ companyId, ...company }, context) => {
    try {
      if (!(await updateCompanyMutation(context.supabase, companyId, company)))
        return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not save the company. Please try again.', NAME_TAKEN)
    }
    revalidatePath(pageOf(companyId))
    revalidatePath(LIST)
    return succeeded(null, { message: 'Company saved.' })
  },
})

/** Invite a member: added at once when they have an account, else Auth invites them first. */
export const inviteMemberAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'email', 'role'],
  schema: inviteMemberSchema,
  run: async ({ companyId, email, role }, context) => {
    let userId = await userIdByEmailQuery(context.supabase, email)
    const invited = !userId
    if (!userId) {
      const answer = await inviteUser(email)
      if ('error' in answer) return refuse(context, 'failed', answer.error)
      userId = answer.userId
    }
    try {
      await addCompanyMemberMutation(context.supabase, companyId, userId, role)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not add the member. Please try again.')
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, {
      message: invited
        ? `Invitation sent to ${email} (${MEMBER_ROLES[role]}).`
        : `${email} added (${MEMBER_ROLES[role]}).`,
    })
  },
})

export const setMemberRoleAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'userId', 'role'],
  schema: memberRoleSchema,
  run: async ({ companyId, userId, role }, context) => {
    try {
      if (!(await setCompanyMemberRoleMutation(context.supabase, companyId, userId, role)))
        return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not change the member. Please try again.')
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, { message: `Now ${MEMBER_ROLES[role].toLowerCase()}.` })
  },
})

export const removeMemberAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'userId'],
  schema: memberSchema,
  run: async ({ companyId, userId }, context) => {
    try {
      if (!(await removeCompanyMemberMutation(context.supabase, companyId, userId)))
        return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not remove the member. Please try again.')
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, { message: 'Member removed.' })
  },
})

export const addDomainAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'domain'],
  schema: domainSchema,
  run: async ({ companyId, domain }, context) => {
    try {
      await addCompanyDomainMutation(context.supabase, companyId, domain)
    } catch (error) {
      return databaseRefusal(
        context,
        error,
        'Could not add the domain. Please try again.',
        'That domain belongs to a company already.',
      )
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, { message: `New users at ${domain} now join this company.` })
  },
})

export const removeDomainAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'domain'],
  schema: domainSchema,
  run: async ({ companyId, domain }, context) => {
    try {
      if (!(await removeCompanyDomainMutation(context.supabase, companyId, domain)))
        return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not remove the domain. Please try again.')
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, { message: `${domain} removed.` })
  },
})

export const addSiteAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'name', 'address', 'notes'],
  schema: siteSchema,
  run: async (site, context) => {
    try {
      await addCompanySiteMutation(context.supabase, site)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not add the site. Please try again.')
    }
    revalidatePath(pageOf(site.companyId))
    return succeeded(null, { message: `${site.name} added.` })
  },
})

export const updateSiteAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'siteId', 'name', 'address', 'notes'],
  schema: siteEditSchema,
  run: async (site, context) => {
    try {
      if (!(await updateCompanySiteMutation(context.supabase, site))) return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not save the site. Please try again.')
    }
    revalidatePath(pageOf(site.companyId))
    return succeeded(null, { message: `${site.name} saved.` })
  },
})

export const removeSiteAction = portalAction({
  role: 'admin',
  fields: ['companyId', 'siteId'],
  schema: siteIdSchema,
  run: async ({ companyId, siteId }, context) => {
    try {
      if (!(await removeCompanySiteMutation(context.supabase, companyId, siteId)))
        return refuse(context, 'conflict', GONE)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not remove the site. Please try again.')
    }
    revalidatePath(pageOf(companyId))
    return succeeded(null, { message: 'Site removed.' })
  },
})
