import { z } from 'zod'
import { text } from './text'

/**
 * Time on tickets (issue 46, part 1): the forms of the ticket page's Time card (start and stop a
 * timer, add time by hand, correct or remove an entry). The database has the last word (staff
 * only, the author within 7 days, an admin any time); these give the agent clear messages first.
 */

export const WORK_TYPES = ['remote', 'on_site', 'travel', 'project'] as const
export type WorkType = (typeof WORK_TYPES)[number]
export const WORK_TYPE_LABELS: Record<WorkType, string> = {
  remote: 'Remote',
  on_site: 'On site',
  travel: 'Travel',
  project: 'Project',
}

/** One entry holds at most a day (public.time_entries' check). */
export const TIME_ENTRY_MAX_MINUTES = 1440
export const TIME_NOTE_MAX = 2000
/** How long the author may correct or remove their entry (the database's policy). */
export const TIME_ENTRY_EDIT_DAYS = 7

export const TIME_MESSAGES = {
  minutesRequired: 'Enter the time spent, e.g. 45, 1h 30m, 1:30 or 1.5h',
  minutesUnreadable: 'Write the time as minutes (45) or hours and minutes: 1h 30m, 1:30 or 1.5h',
  minutesTooSmall: 'Enter at least 1 minute',
  minutesTooLarge: 'One entry holds at most 24 hours; log longer work as several entries',
  workType: 'Choose the kind of work',
  date: 'Enter the day the work was done as a date',
  futureDate: 'The work cannot be done in the future',
  ticket: 'This ticket could not be found. Reload the page and try again.',
  entry: 'This time entry could not be found. Reload the page and try again.',
  notAllowed: 'You can correct or remove your own time within 7 days; ask an admin to change it now.',
  noTimer: 'Your timer on this ticket was already stopped (in another tab?); its time is logged.',
} as const

/**
 * Minutes from what an agent types: "45" (minutes), "1h 30m", "1h", "90m", "1:30" (hours:minutes),
 * "1.5h" or "1,5h" (decimal hours). Null when it is none of those. Whole minutes only: a decimal
 * that is not a whole number of minutes is rounded to the nearest.
 */
export function parseDuration(input: string): number | null {
  const value = input.trim().toLowerCase().replace(/\s+/g, ' ')
  if (value === '') return null
  const minutesOnly = /^(\d{1,5})\s?(m|min|mins|minutes?)?$/.exec(value)
  if (minutesOnly) return Number(minutesOnly[1])
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(value)
  if (clock) return Number(clock[1]) * 60 + Number(clock[2])
  const decimalHours = /^(\d{1,3}(?:[.,]\d{1,2})?)\s?(h|hr|hrs|hours?)$/.exec(value)
  if (decimalHours) return Math.round(Number((decimalHours[1] as string).replace(',', '.')) * 60)
  const hoursAndMinutes = /^(\d{1,3})\s?(h|hr|hrs|hours?)\s?(\d{1,3})\s?(m|min|mins|minutes?)?$/.exec(value)
  if (hoursAndMinutes) return Number(hoursAndMinutes[1]) * 60 + Number(hoursAndMinutes[3])
  return null
}

/** "45 min", "2 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** Today in Africa/Johannesburg (the day a statement counts the work on), as YYYY-MM-DD. */
export function johannesburgDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

const duration = z
  .string({ error: TIME_MESSAGES.minutesRequired })
  .trim()
  .min(1, TIME_MESSAGES.minutesRequired)
  .transform((value, context) => {
    const minutes = parseDuration(value)
    if (minutes === null) {
      context.addIssue({ code: 'custom', message: TIME_MESSAGES.minutesUnreadable })
      return z.NEVER
    }
    return minutes
  })
  .pipe(
    z
      .number()
      .int()
      .min(1, TIME_MESSAGES.minutesTooSmall)
      .max(TIME_ENTRY_MAX_MINUTES, TIME_MESSAGES.minutesTooLarge),
  )

const workType = z.enum(WORK_TYPES, { error: TIME_MESSAGES.workType })

/** A checkbox as a form sends it ("on" or nothing) or a boolean. */
const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true')

const workDate = z
  .string({ error: TIME_MESSAGES.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, TIME_MESSAGES.date)
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), TIME_MESSAGES.date)
  // A day ahead of Johannesburg's today is allowed for the agent's own clock being ahead of it.
  .refine(
    (value) => value <= johannesburgDay(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    TIME_MESSAGES.futureDate,
  )

const note = text(TIME_NOTE_MAX).optional().default('')
const ticketId = z.uuid(TIME_MESSAGES.ticket)

/** "Add time" by hand: the minutes as typed, the kind of work, billable or not, the day, a note. */
export const timeEntrySchema = z.object({
  ticketId,
  minutes: duration,
  workType,
  billable: checkbox,
  workDate,
  note,
})
export type TimeEntryInput = z.output<typeof timeEntrySchema>

/** Correcting an entry: the same fields, for one entry. */
export const timeEntryEditSchema = timeEntrySchema.extend({ entryId: z.uuid(TIME_MESSAGES.entry) })

/** Removing an entry. */
export const timeEntryDeleteSchema = z.object({ ticketId, entryId: z.uuid(TIME_MESSAGES.entry) })

/** Starting the timer: what the time will be logged as when it stops. */
export const timerStartSchema = z.object({ ticketId, workType, billable: checkbox, note })

/** Stopping the timer. */
export const timerStopSchema = z.object({ ticketId })
