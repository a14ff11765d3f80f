import { text } from '@siyakha/schemas/text'
import { z } from 'zod'

// Contracts and statements (issue 46, part 2): the contract form's payload, money as people type
// it, the statement's month (Africa/Johannesburg) and the statement's CSV cells. Imports only zod
// and the text rules.

export const CONTRACT_KINDS = ['retainer', 'pay_as_you_go'] as const
export const WORK_TYPES = ['remote', 'on_site', 'travel', 'project'] as const

export const CONTRACT_MESSAGES = {
  money: 'Enter an amount like R 950 or 950.00',
  moneyTooBig: 'Keep the rate under R 1 000 000 an hour',
  hours: 'Enter the hours a month, e.g. 20 or 12.5',
  hoursRange: 'Hours a month must be more than 0 and at most 1000',
  hoursPayg: 'Pay as you go has no hours a month or rollover',
  date: 'Enter a date as YYYY-MM-DD',
  endBeforeStart: 'The end date must be on or after the start date',
  currency: 'Enter a three-letter currency code, e.g. ZAR',
  month: 'Pick a month as YYYY-MM',
} as const

/**
 * Money as a person types it, in cents: "R 950", "R950.50", "950,50", "1 250.00", "1,250.00",
 * "ZAR 950". Null when it is not an amount.
 */
export function parseMoneyToCents(input: string): number | null {
  let value = input
    .trim()
    .replace(/^(ZAR|R)\s*/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
  if (value === '') return null
  // "1,250.00": commas group thousands; "950,50": the comma is the decimal mark.
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) value = value.replace(/,/g, '')
  else if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.')
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** Cents shown as money: 95000 → "R 950.00" (ZAR), else "USD 950.00". */
export function formatMoney(cents: number, currency = 'ZAR'): string {
  const amount = (cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return currency === 'ZAR' ? `R ${amount}` : `${currency} ${amount}`
}

const MAX_RATE_CENTS = 100_000_000

const money = z.string().transform((value, ctx) => {
  const cents = parseMoneyToCents(value)
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.money })
    return z.NEVER
  }
  if (cents > MAX_RATE_CENTS) {
    ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.moneyTooBig })
    return z.NEVER
  }
  return cents
})

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRACT_MESSAGES.date)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    CONTRACT_MESSAGES.date,
  )

/** A checkbox as a form sends it ("on" or nothing) or a boolean. */
const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true')

const hours = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null
    if (!/^\d+([.,]\d{1,2})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.hours })
      return z.NEVER
    }
    const number = Number(value.replace(',', '.'))
    if (number <= 0 || number > 1000) {
      ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.hoursRange })
      return z.NEVER
    }
    return number
  })

/** The contract form (create and edit), as the form sends it; the database's checks, in words. */
export const contractFormSchema = z
  .object({
    // A new contract's form has no id; a server action reads the missing field as ''.
    id: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.uuid().optional()),
    company_id: z.uuid({ message: 'Pick the company' }),
    name: text(120, {
      min: 1,
      required: 'Give the contract a name',
      tooLong: 'Keep the name under 120 characters',
    }),
    kind: z.enum(CONTRACT_KINDS, { message: 'Pick retainer or pay as you go' }),
    starts_on: isoDate,
    ends_on: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null))
      .pipe(isoDate.nullable()),
    hours_per_month: hours.optional().transform((value) => value ?? null),
    rollover: checkbox,
    hourly_rate: money,
    currency: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.toUpperCase() : 'ZAR'))
      .pipe(z.string().regex(/^[A-Z]{3}$/, CONTRACT_MESSAGES.currency)),
  })
  .superRefine((value, ctx) => {
    if (value.ends_on && value.ends_on < value.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: CONTRACT_MESSAGES.endBeforeStart })
    }
    if (value.kind === 'retainer' && value.hours_per_month === null) {
      ctx.addIssue({ code: 'custom', path: ['hours_per_month'], message: CONTRACT_MESSAGES.hours })
    }
  })
  .transform(({ hourly_rate, ...value }) => ({
    ...value,
    hourly_rate_cents: hourly_rate,
    // Pay as you go has neither: the database refuses them rather than ignore them.
    hours_per_month: value.kind === 'retainer' ? value.hours_per_month : null,
    rollover: value.kind === 'retainer' ? value.rollover : false,
  }))

export type ContractFormInput = z.input<typeof contractFormSchema>
export type ContractForm = z.output<typeof contractFormSchema>

/** A statement month, "YYYY-MM". */
export const monthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, CONTRACT_MESSAGES.month)

/** The Africa/Johannesburg calendar month of an instant, "YYYY-MM" (SAST is UTC+2 all year). */
export function johannesburgMonth(at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}`
}

/** A valid ?month= value, else this Johannesburg month. */
export function monthOrCurrent(value: unknown, now: Date = new Date()): string {
  const parsed = monthSchema.safeParse(value)
  return parsed.success ? parsed.data : johannesburgMonth(now)
}

/** The month's first day as the statement functions take it: "2026-03" → "2026-03-01". */
export const monthFirstDay = (month: string): string => `${month}-01`

/** The month before or after, "YYYY-MM". */
export function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (mon - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a text cell that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe. Numbers are written as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows to CSV text, CRLF line ends as RFC 4180 has them. */
export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
