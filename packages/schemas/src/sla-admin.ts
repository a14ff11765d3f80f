import { z } from 'zod'
import { TICKET_PRIORITIES, type TicketPriority } from './helpdesk'
import { text } from './text'

// The SLA page (issue 46, part 3): targets per priority typed as people say them ("4h", "2d",
// "90"), the business calendar, closed days and the year of public holidays shown. One schema per
// form, shared by the form (its checks as you type) and the server action.

export const SLA_ADMIN_MESSAGES = {
  duration: 'Enter a time like 90, 45m, 4h, 1h30 or 2d (business time).',
  tooShort: 'A target is at least 1 minute.',
  firstResponseTooLong: 'A first response target is at most 100000 business minutes.',
  resolutionTooLong: 'A resolution target is at most 1000000 business minutes.',
  bothOrNeither: 'Give both targets, or leave both empty to use the global ones.',
  bothRequired: 'Give both targets.',
  resolutionBeforeResponse: 'The resolution target cannot be shorter than the first response target.',
  time: 'Enter a time as HH:MM, e.g. 08:00.',
  closesAfterOpens: 'Closing time must be after opening time.',
  timeZone: 'Enter a time zone such as Africa/Johannesburg.',
  weekdays: 'Choose at least one open weekday.',
  day: 'Enter a date as YYYY-MM-DD.',
  dayName: 'Say what the day is, e.g. Year-end shutdown.',
  year: 'Public holidays are known for 2000 to 2100.',
  contract: 'Unknown contract.',
} as const

/** ISO weekdays (1 Monday … 7 Sunday), as the calendar stores them, with their names. */
export const WEEKDAYS = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const

/** 08:00–17:00: the business day targets were written against before the calendar was data. */
export const DEFAULT_DAY_MINUTES = 540

/**
 * Business minutes as people type them: "90" or "90m" (minutes), "4h", "1.5h", "1h30", "1h 30m",
 * "2d" (business days of `dayMinutes`), "1d 4h". Null when it is not a duration.
 */
export function parseBusinessMinutes(input: string, dayMinutes = DEFAULT_DAY_MINUTES): number | null {
  const value = input.trim().toLowerCase().replace(/,/g, '.')
  if (value === '') return null
  if (/^\d+$/.test(value)) return Number(value)
  const match = /^(?:(\d+(?:\.\d+)?)\s*d)?\s*(?:(\d+(?:\.\d+)?)\s*h)?\s*(?:(\d+)\s*m?)?$/.exec(value)
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) return null
  // "1h30": a bare number after hours is minutes; a bare number alone was handled above.
  const minutes = Number(match[1] ?? 0) * dayMinutes + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
  return Number.isFinite(minutes) ? Math.round(minutes) : null
}

/** Business minutes as the form shows them back: 1080 → "2d", 240 → "4h", 90 → "1h 30m". */
export function formatBusinessMinutes(minutes: number, dayMinutes = DEFAULT_DAY_MINUTES): string {
  const parts: string[] = []
  let left = minutes
  if (left >= dayMinutes && left % dayMinutes === 0) return `${left / dayMinutes}d`
  if (left >= dayMinutes) {
    parts.push(`${Math.floor(left / dayMinutes)}d`)
    left %= dayMinutes
  }
  if (left >= 60) {
    parts.push(`${Math.floor(left / 60)}h`)
    left %= 60
  }
  if (left > 0 || parts.length === 0) parts.push(`${left}m`)
  return parts.join(' ')
}

/** The form's field names for one priority's pair of targets. */
export const targetField = (priority: TicketPriority, which: 'first_response' | 'resolution') =>
  `${priority}_${which}` as const

export const SLA_TARGET_FIELDS = [
  'contract',
  'day_minutes',
  ...TICKET_PRIORITIES.flatMap((priority) => [
    targetField(priority, 'first_response'),
    targetField(priority, 'resolution'),
  ]),
] as const

export interface SlaTarget {
  priority: TicketPriority
  first_response_minutes: number
  resolution_minutes: number
}

const durationField = z.string().max(40, SLA_ADMIN_MESSAGES.duration)

/**
 * The targets form: global (contract empty; every priority needs both targets) or a contract's
 * plan (a priority left empty follows the global targets). Output: the contract (or null) and the
 * targets given, in business minutes.
 */
export const slaTargetsSchema = z
  .object({
    contract: z.union([z.literal(''), z.uuid(SLA_ADMIN_MESSAGES.contract)]),
    day_minutes: z.string(),
    ...Object.fromEntries(
      TICKET_PRIORITIES.flatMap((priority) => [
        [targetField(priority, 'first_response'), durationField],
        [targetField(priority, 'resolution'), durationField],
      ]),
    ),
  })
  .transform((form, ctx) => {
    const values = form as Record<string, string>
    const dayMinutes = Number.parseInt(values.day_minutes ?? '', 10)
    const day = dayMinutes >= 1 && dayMinutes <= 1440 ? dayMinutes : DEFAULT_DAY_MINUTES
    const contract = form.contract === '' ? null : form.contract
    const targets: SlaTarget[] = []
    for (const priority of TICKET_PRIORITIES) {
      const fields = [targetField(priority, 'first_response'), targetField(priority, 'resolution')] as const
      const typed = fields.map((field) => (values[field] ?? '').trim())
      if (typed[0] === '' && typed[1] === '' && contract !== null) continue
      if (typed[0] === '' || typed[1] === '') {
        const missing = typed[0] === '' ? fields[0] : fields[1]
        const message = contract === null ? SLA_ADMIN_MESSAGES.bothRequired : SLA_ADMIN_MESSAGES.bothOrNeither
        ctx.addIssue({ code: 'custom', path: [missing], message })
        continue
      }
      const [first, resolution] = typed.map((value) => parseBusinessMinutes(value, day))
      const limits = [100_000, 1_000_000] as const
      const tooLong = [SLA_ADMIN_MESSAGES.firstResponseTooLong, SLA_ADMIN_MESSAGES.resolutionTooLong] as const
      let ok = true
      for (const [index, minutes] of [first, resolution].entries()) {
        const field = fields[index] as string
        if (minutes === null || minutes === undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: SLA_ADMIN_MESSAGES.duration })
          ok = false
        } else if (minutes < 1) {
          ctx.addIssue({ code: 'custom', path: [field], message: SLA_ADMIN_MESSAGES.tooShort })
          ok = false
        } else if (minutes > (limits[index] ?? 0)) {
          ctx.addIssue({ code: 'custom', path: [field], message: tooLong[index] ?? '' })
          ok = false
        }
      }
      if (!ok || first == null || resolution == null) continue
      if (resolution < first) {
        ctx.addIssue({
          code: 'custom',
          path: [fields[1]],
          message: SLA_ADMIN_MESSAGES.resolutionBeforeResponse,
        })
        continue
      }
      targets.push({ priority, first_response_minutes: first, resolution_minutes: resolution })
    }
    return { contract, targets }
  })
export type SlaTargetsForm = z.output<typeof slaTargetsSchema>

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, SLA_ADMIN_MESSAGES.time)
const checkbox = z.union([z.literal(''), z.literal('on')]).transform((value) => value === 'on')

export const CALENDAR_FIELDS = [
  'time_zone',
  'opens_at',
  'closes_at',
  'public_holidays',
  ...WEEKDAYS.map(([day]) => `day_${day}` as const),
] as const

/** The calendar form: hours, time zone (the database checks it is one it knows), weekdays. */
export const businessCalendarSchema = z
  .object({
    time_zone: text(64, { min: 1, required: SLA_ADMIN_MESSAGES.timeZone }).pipe(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, SLA_ADMIN_MESSAGES.timeZone),
    ),
    opens_at: clock,
    closes_at: clock,
    public_holidays: checkbox,
    ...Object.fromEntries(WEEKDAYS.map(([day]) => [`day_${day}`, checkbox])),
  })
  .transform((form, ctx) => {
    const values = form as unknown as Record<string, string | boolean>
    const open_weekdays = WEEKDAYS.filter(([day]) => values[`day_${day}`] === true).map(([day]) => day)
    if (open_weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['day_1'], message: SLA_ADMIN_MESSAGES.weekdays })
    if (form.closes_at <= form.opens_at)
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: SLA_ADMIN_MESSAGES.closesAfterOpens })
    return {
      time_zone: form.time_zone,
      opens_at: form.opens_at,
      closes_at: form.closes_at,
      open_weekdays,
      public_holidays: form.public_holidays,
    }
  })
export type BusinessCalendarForm = z.output<typeof businessCalendarSchema>

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, SLA_ADMIN_MESSAGES.day)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  }, SLA_ADMIN_MESSAGES.day)

export const closedDaySchema = z.object({
  day: isoDay,
  name: text(80, { min: 1, required: SLA_ADMIN_MESSAGES.dayName }),
})

export const closedDayRemoveSchema = z.object({ day: isoDay })

/** The holidays' year switcher (?year=): a year the holiday table covers, else this year. */
export function holidaysYear(input: string | undefined, fallback: number): number {
  const year = Number(input)
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : fallback
}
