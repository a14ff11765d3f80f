import { z } from 'zod'
import { email, LIMITS, text } from './text'

// The provider admin's screens (issue 46, part 3): staff, companies, their members, domains and
// sites, and the admin log's filters. One schema per form, shared by the form and its action;
// the limits are the database's CHECK constraints (supabase/schemas/84_company_admin.sql and
// 00_identity_and_companies.sql).

export const ADMIN_MESSAGES = {
  unknownUser: 'Unknown person',
  unknownCompany: 'Unknown company',
  unknownSite: 'Unknown site',
  chooseRole: 'Choose agent or admin',
  chooseMemberRole: 'Choose company admin or member',
  chooseAgent: 'Choose who takes the tickets',
  domainShape: 'Enter a domain such as acme.co.za (no @, no spaces)',
} as const

const userId = z.uuid(ADMIN_MESSAGES.unknownUser)
const companyId = z.uuid(ADMIN_MESSAGES.unknownCompany)
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

export const STAFF_ROLES = { agent: 'Agent', siyakha_admin: 'Admin' } as const
export const staffRole = z.enum(['agent', 'siyakha_admin'], ADMIN_MESSAGES.chooseRole)

/** Invite by email with a role: an Auth invitation, or the role for an existing account. */
export const inviteStaffSchema = z.object({
  email: email().transform((value) => value.toLowerCase()),
  role: staffRole,
})

export const staffRoleSchema = z.object({ userId, role: staffRole })
export const staffMemberSchema = z.object({ userId })
export const reassignTicketsSchema = z.object({
  userId,
  to: z.uuid(ADMIN_MESSAGES.chooseAgent),
})

export const companyNotesMax = 4000

/** Create or edit a company: name, notes and the account manager (a staff member, or nobody). */
export const companySchema = z.object({
  name: text(LIMITS.companyName, {
    min: 2,
    required: 'Please enter the company name',
    tooLong: 'Keep the company name under 200 characters',
  }),
  notes: text(companyNotesMax),
  accountManagerId: z.preprocess(emptyToNull, z.uuid('Choose a staff member').nullable()),
})
export const companyEditSchema = companySchema.extend({ companyId })

export const MEMBER_ROLES = { member: 'Member', company_admin: 'Company admin' } as const
export const memberRole = z.enum(['member', 'company_admin'], ADMIN_MESSAGES.chooseMemberRole)

/** Invite a member by email: added directly when they have an account, else an Auth invitation. */
export const inviteMemberSchema = z.object({
  companyId,
  email: email().transform((value) => value.toLowerCase()),
  role: memberRole,
})
export const memberRoleSchema = z.object({ companyId, userId, role: memberRole })
export const memberSchema = z.object({ companyId, userId })

/** A domain's shape (the database also refuses free email services, with its own message). */
export const DOMAIN_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
export const domainSchema = z.object({
  companyId,
  domain: text(253, { min: 1, required: ADMIN_MESSAGES.domainShape })
    .transform((value) => value.toLowerCase().replace(/^@/, ''))
    .pipe(z.string().regex(DOMAIN_PATTERN, ADMIN_MESSAGES.domainShape)),
})

export const siteSchema = z.object({
  companyId,
  name: text(200, { min: 1, required: 'Please name the site' }),
  address: text(1000),
  notes: text(2000),
})
export const siteEditSchema = siteSchema.extend({ siteId: z.uuid(ADMIN_MESSAGES.unknownSite) })
export const siteIdSchema = z.object({ companyId, siteId: z.uuid(ADMIN_MESSAGES.unknownSite) })

/** The admin log's filters and page (keyset: entries older than `before`, an id). */
export const ADMIN_LOG_TABLES = [
  'companies',
  'company_members',
  'company_domains',
  'company_sites',
  'user_roles',
  'deactivated_staff',
  'contracts',
  'contract_sla_targets',
  'sla_targets',
  'business_calendar',
  'closed_days',
  'canned_replies',
  'helpdesk_settings',
] as const
export const ADMIN_LOG_PAGE = 50
export const adminLogFilterSchema = z.object({
  table: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .regex(/^[a-z_]{1,63}$/)
        .nullable(),
    )
    .catch(null),
  actor: z.preprocess(emptyToNull, z.uuid().nullable()).catch(null),
  before: z.preprocess(emptyToNull, z.coerce.number().int().positive().nullable()).catch(null),
})
export type AdminLogFilter = z.output<typeof adminLogFilterSchema>

/**
 * What changed between a logged row's before and after: the fields whose values differ (every
 * field for an insert or a delete), for the log's small diff.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; before: unknown; after: unknown }[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const changes: { field: string; before: unknown; after: unknown }[] = []
  for (const field of fields) {
    if (field === 'updated_at' || field === 'created_at') continue
    const was = before?.[field] ?? null
    const now = after?.[field] ?? null
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field, before: was, after: now })
  }
  return changes
}
