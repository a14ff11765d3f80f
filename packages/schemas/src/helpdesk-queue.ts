import { z } from 'zod'
import { CLOSE_REASONS, HELPDESK_MESSAGES, TICKET_PRIORITIES } from './helpdesk'
import { isStorableText, text } from './text'
import { TICKET_STATUSES } from './ticket'

/**
 * The helpdesk queue's URL (/portal/helpdesk?status=&priority=&assignee=&company=&channel=
 * &breached=1&q=&sort=&dir=&after=|before=&page=) and its bulk changes. Every filter lives in the
 * URL, so a view can be shared, bookmarked and saved; anything unusable falls back to its default
 * instead of failing, so a hand-edited link still shows the queue.
 */

/** 'active' is "All open work" (everything but resolved and closed); 'all' is every ticket. */
export const HELPDESK_STATUS_FILTERS = ['active', 'all', ...TICKET_STATUSES] as const
export type HelpdeskStatusFilter = (typeof HELPDESK_STATUS_FILTERS)[number]

export const HELPDESK_PAGE_SIZE = 50
export const HELPDESK_SEARCH_MAX = 100

export const QUEUE_SORTS = [
  'created',
  'reference',
  'activity',
  'sla',
  'priority',
  'status',
  'requester',
  'company',
  'assignee',
  'time',
] as const
export type QueueSort = (typeof QUEUE_SORTS)[number]

/** Which way a column sorts on the first click: what an agent wants on top. */
export const QUEUE_SORT_DEFAULT_DIR: Record<QueueSort, 'asc' | 'desc'> = {
  created: 'desc',
  reference: 'asc',
  activity: 'desc',
  sla: 'asc',
  priority: 'desc',
  status: 'asc',
  requester: 'asc',
  company: 'asc',
  assignee: 'asc',
  time: 'desc',
}

export const TICKET_CHANNELS = ['portal', 'email', 'whatsapp', 'web', 'phone', 'walk_in'] as const
export type TicketChannel = (typeof TICKET_CHANNELS)[number]
export const CHANNEL_LABELS: Record<TicketChannel, string> = {
  portal: 'Portal',
  email: 'Email',
  whatsapp: 'WhatsApp',
  web: 'Website form',
  phone: 'Phone call',
  walk_in: 'Walk-in',
}

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value)
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const first = firstValue(value)
    return first === '' || first === null ? undefined : first
  }, schema.optional().catch(undefined))

/** 'mine', 'none' (unassigned) or one agent's id. */
const assignee = z.union([z.literal('mine'), z.literal('none'), z.uuid().transform((id) => id.toLowerCase())])

export const queueFiltersSchema = z
  .object({
    status: z.preprocess(firstValue, z.enum(HELPDESK_STATUS_FILTERS).catch('active')),
    priority: optional(z.enum(TICKET_PRIORITIES)),
    assignee: optional(assignee),
    // The first queue's "Assigned to me" box: old links keep working.
    mine: z.preprocess(firstValue, z.unknown()).transform((value) => value === '1'),
    company: optional(z.uuid().transform((id) => id.toLowerCase())),
    channel: optional(z.enum(TICKET_CHANNELS)),
    breached: z.preprocess(firstValue, z.unknown()).transform((value) => value === '1'),
    q: z.preprocess(
      firstValue,
      z
        .string()
        .refine(isStorableText)
        .transform((value) => value.trim().slice(0, HELPDESK_SEARCH_MAX))
        .catch(''),
    ),
    sort: z.preprocess(firstValue, z.enum(QUEUE_SORTS).catch('created')),
    dir: optional(z.enum(['asc', 'desc'])),
    page: z.preprocess(firstValue, z.coerce.number().int().min(1).max(10_000).catch(1)),
  })
  .transform(({ mine, dir, ...filters }) => ({
    ...filters,
    assignee: filters.assignee ?? (mine ? ('mine' as const) : undefined),
    dir: dir ?? QUEUE_SORT_DEFAULT_DIR[filters.sort],
  }))
export type QueueFilters = z.output<typeof queueFiltersSchema>

/** The filters as a query string, defaults left out (what the URL, a saved view and a link carry). */
export function queueQueryString(filters: QueueFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (filters.status !== 'active') params.set('status', filters.status)
  if (filters.priority) params.set('priority', filters.priority)
  if (filters.assignee) params.set('assignee', filters.assignee)
  if (filters.company) params.set('company', filters.company)
  if (filters.channel) params.set('channel', filters.channel)
  if (filters.breached) params.set('breached', '1')
  if (filters.q) params.set('q', filters.q)
  if (filters.sort !== 'created') params.set('sort', filters.sort)
  if (filters.dir !== QUEUE_SORT_DEFAULT_DIR[filters.sort]) params.set('dir', filters.dir)
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  return params.toString()
}

// Cursors ------------------------------------------------------------------------------------------

/** Where a page of the queue starts: the boundary row's sort value, created_at and id. */
export interface QueueCursor {
  value: string
  createdAt: string
  id: string
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/
const isInstant = (value: string) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))

/** Whether a sort value can be one of this sort's (so the database never sees a bad cast). */
function fitsSort(sort: QueueSort, value: string): boolean {
  switch (sort) {
    case 'created':
    case 'activity':
      return isInstant(value)
    case 'sla':
      return value === 'infinity' || isInstant(value)
    case 'priority':
      return (TICKET_PRIORITIES as readonly string[]).includes(value)
    case 'status':
      return (TICKET_STATUSES as readonly string[]).includes(value)
    case 'time':
      // Minutes logged: a whole number the database casts to integer.
      return /^\d{1,9}$/.test(value)
    default:
      return isStorableText(value) && value.length <= 200
  }
}

// base64url through btoa/atob, which the browser, Node and Deno all have.
function toBase64Url(value: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(value))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

const cursorTuple = z.tuple([z.string(), z.string().refine(isInstant), z.uuid()])

/** A cursor as its URL value: base64url of [value, createdAt, id]. */
export function formatQueueCursor({ value, createdAt, id }: QueueCursor): string {
  return toBase64Url(JSON.stringify([value, createdAt, id]))
}

/** The cursor in a search param for this sort, or undefined for anything else (page 1 then). */
export function parseQueueCursor(raw: unknown, sort: QueueSort): QueueCursor | undefined {
  const first = firstValue(raw)
  if (typeof first !== 'string' || first.length > 600 || !/^[A-Za-z0-9_-]+$/.test(first)) return undefined
  let decoded: unknown
  try {
    decoded = JSON.parse(fromBase64Url(first))
  } catch {
    return undefined
  }
  const parsed = cursorTuple.safeParse(decoded)
  if (!parsed.success || !fitsSort(sort, parsed.data[0])) return undefined
  const [value, createdAt, id] = parsed.data
  return { value, createdAt, id: id.toLowerCase() }
}

// Bulk changes ---------------------------------------------------------------------------------------

export const BULK_MAX = 100

export const BULK_MESSAGES = {
  chooseTickets: 'Select at least one ticket first.',
  tooMany: `Change at most ${BULK_MAX} tickets at a time.`,
  chooseChange: 'Choose an assignee, a status or a priority to apply.',
} as const

/** A selected row: the ticket's id and the version the row showed, as `id:version`. */
const bulkRow = z
  .string()
  .regex(/^[0-9a-f-]{36}:\d{1,10}$/i, HELPDESK_MESSAGES.unknownVersion)
  .transform((value) => {
    const [id = '', version = ''] = value.split(':')
    return { id: id.toLowerCase(), version: Number(version) }
  })
  .pipe(
    z.object({
      id: z.uuid(HELPDESK_MESSAGES.unknownVersion),
      version: z
        .number()
        .int()
        .min(1, HELPDESK_MESSAGES.unknownVersion)
        .max(2_147_483_647, HELPDESK_MESSAGES.unknownVersion),
    }),
  )

/**
 * 'Apply to selected': any of assignee, status (with a close reason to close) and priority, left
 * empty to keep each ticket's own. `ids` is the selected rows joined by commas, each `id:version`
 * with the version the row showed: the database refuses the change if any of them moved on since.
 */
export const bulkChangeSchema = z
  .object({
    ids: z
      .string()
      .transform((value) => [...new Set(value.split(',').filter(Boolean))])
      .pipe(z.array(bulkRow).min(1, BULK_MESSAGES.chooseTickets).max(BULK_MAX, BULK_MESSAGES.tooMany))
      .refine(
        (rows) => new Set(rows.map((row) => row.id)).size === rows.length,
        HELPDESK_MESSAGES.unknownVersion,
      ),
    assignee: optional(z.union([z.literal('none'), z.uuid()])),
    status: optional(z.enum(TICKET_STATUSES)),
    closeReason: optional(z.enum(CLOSE_REASONS)),
    priority: optional(z.enum(TICKET_PRIORITIES)),
  })
  .refine((value) => value.assignee || value.status || value.priority, {
    path: ['assignee'],
    message: BULK_MESSAGES.chooseChange,
  })
  .refine((value) => value.status !== 'closed' || value.closeReason, {
    path: ['closeReason'],
    message: HELPDESK_MESSAGES.closeReasonRequired,
  })
  .refine((value) => value.status !== 'waiting_on_customer', {
    path: ['status'],
    message: HELPDESK_MESSAGES.waitingOneAtATime,
  })
export type BulkChange = z.output<typeof bulkChangeSchema>

// Saved views ----------------------------------------------------------------------------------------

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'Name the view.',
  nameTaken: 'You already have a view with that name.',
} as const

/** 'Save this view': a name and the queue's query string as it is now. */
export const savedViewSchema = z.object({
  name: text(60, { min: 1, required: SAVED_VIEW_MESSAGES.nameRequired }),
  query: z
    .string()
    .max(1000)
    .transform((query) =>
      queueQueryString(queueFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)))),
    ),
})
export type SavedView = z.output<typeof savedViewSchema>

export const savedViewIdSchema = z.object({ id: z.uuid('Unknown view') })
