import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { hostileString } from './values'

// What the fuzz aims at: the functions' payload shapes, the REST tables and their query grammar,
// the pages' query strings and the apps' Server Actions.

export const FUNCTION_SHAPES: Record<string, string[]> = {
  'log-support-call': [
    'full_name',
    'contact_number',
    'whatsapp_number',
    'email',
    'category',
    'description',
    'preferred_channel',
  ],
  'quote-request': ['full_name', 'company', 'email', 'phone', 'service', 'message'],
  'newsletter-subscribe': ['email', 'action', 'token'],
  'messages-intent': ['ticket_id', 'phoneE164', 'message', 'tracking_ref'],
  'messages-mark-sent': ['messageId', 'ticketId'],
  'create-company-admin': ['company_name', 'admin_email', 'make_superadmin'],
  'outbox-worker': ['max'],
  'inbound-email': ['type', 'data'],
  'whatsapp-webhook': ['object', 'entry'],
}

export const TABLES = [
  'tickets',
  'ticket_messages',
  'ticket_ratings',
  'support_requests',
  'quote_requests',
  'newsletter_subscribers',
  'page_views',
  'companies',
  'company_members',
  'user_roles',
  'staff_directory',
  'whatsapp_contacts',
  'sla_targets',
  'ticket_events',
  'canned_replies',
  'saved_views',
  'ticket_attachments',
  'time_entries',
  'time_timers',
  'ticket_time_totals',
  'contracts',
  'contract_sla_targets',
  'retainer_alerts',
  'company_domains',
  'company_sites',
  'deactivated_staff',
  'business_calendar',
  'closed_days',
  'admin_log',
  'no_such_table',
]
const COLUMNS = [
  'id',
  'status',
  'summary',
  'body',
  'email',
  'created_at',
  'count',
  'name',
  'rating',
  'nope',
  '*',
]
const OPERATORS = ['eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'in', 'is', 'cs', 'fts', 'not.eq', 'or', 'bogus']

/** PostgREST query strings: select, filters with hostile operands, order, limit, garbage keys. */
export const restQuery = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constant('select'), fc.oneof(fc.constantFrom(...COLUMNS), hostileString)),
      fc.tuple(
        fc.constantFrom(...COLUMNS),
        fc.tuple(fc.constantFrom(...OPERATORS), hostileString).map(([op, v]) => `${op}.${v}`),
      ),
      fc.tuple(
        fc.constant('order'),
        fc.oneof(fc.constantFrom('id.desc', 'created_at.asc.nullslast'), hostileString),
      ),
      fc.tuple(fc.constantFrom('limit', 'offset'), fc.oneof(fc.integer().map(String), hostileString)),
      fc.tuple(
        fc.constantFrom('or', 'and'),
        hostileString.map((v) => `(${v})`),
      ),
      fc.tuple(hostileString, hostileString),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const query = new URLSearchParams()
    for (const [key, value] of pairs) query.append(key, value.slice(0, 2000))
    return query.toString()
  })

/** Query strings for the apps' pages: the params they read, plus anything else. */
export const pageQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'q',
          'status',
          'page',
          'mine',
          'from',
          'token',
          'next',
          'tab',
          'category',
          'redirect',
          'priority',
          'assignee',
          'company',
          'channel',
          'breached',
          'sort',
          'dir',
          'after',
          'before',
          'month',
          'contract',
          'year',
          'show',
          'table',
          'actor',
        ),
        hostileString,
      ),
      hostileString,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const query = new URLSearchParams()
    for (const [key, value] of pairs) query.append(key, value.slice(0, 3000))
    return query.toString()
  })

// The apps' real Server Action ids, so the fuzz reaches the action bodies and not only the id check.
export function actionIds(app: 'site' | 'portal'): string[] {
  try {
    const file = path.join(
      import.meta.dirname,
      `../../../apps/${app}/.next/server/server-reference-manifest.json`,
    )
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { node?: Record<string, unknown> }
    return Object.keys(manifest.node ?? {})
  } catch {
    return []
  }
}
