import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import {
  contractFormSchema,
  csvCell,
  formatMoney,
  johannesburgMonth,
  monthOrCurrent,
  parseMoneyToCents,
  shiftMonth,
  toCsv,
} from './contracts'

const COMPANY = '00000000-0000-4000-8000-0000000000c1'

describe('money as people type it', () => {
  it.each([
    ['R 950', 95_000],
    ['R950', 95_000],
    ['950.00', 95_000],
    ['950.5', 95_050],
    ['950,50', 95_050],
    ['1 250.00', 125_000],
    ['1,250.00', 125_000],
    ['ZAR 1 250', 125_000],
    ['r 0', 0],
  ])('%s is %i cents', (typed, cents) => {
    expect(parseMoneyToCents(typed)).toBe(cents)
  })

  it.each(['', 'R', 'abc', '9.999', '-5', '1e3', '12,34,5'])('%j is not an amount', (typed) => {
    expect(parseMoneyToCents(typed)).toBeNull()
  })

  it('shows cents as rands', () => {
    expect(formatMoney(125_050)).toBe('R 1 250.50')
    expect(formatMoney(95_000, 'USD')).toBe('USD 950.00')
  })
})

describe('the contract form', () => {
  const retainer = {
    company_id: COMPANY,
    name: ' Managed services ',
    kind: 'retainer',
    starts_on: '2026-01-01',
    ends_on: '',
    hours_per_month: '20',
    rollover: 'on',
    hourly_rate: 'R 950',
    currency: '',
  }

  it('turns a retainer as the form sends it into the row', () => {
    expect(contractFormSchema.parse(retainer)).toEqual({
      company_id: COMPANY,
      name: 'Managed services',
      kind: 'retainer',
      starts_on: '2026-01-01',
      ends_on: null,
      hours_per_month: 20,
      rollover: true,
      hourly_rate_cents: 95_000,
      currency: 'ZAR',
    })
  })

  it('reads an empty id (a new contract, as a server action reads the form) as none', () => {
    expect(contractFormSchema.parse({ ...retainer, id: '' })).not.toHaveProperty('id', '')
    expect(contractFormSchema.parse({ ...retainer, id: '' }).id).toBeUndefined()
    expect(fieldErrors(contractFormSchema, { ...retainer, id: 'nope' })).toHaveProperty('id')
  })

  it('drops hours and rollover for pay as you go', () => {
    expect(
      contractFormSchema.parse({
        ...retainer,
        kind: 'pay_as_you_go',
        hourly_rate: '650.00',
        ends_on: '2026-12-31',
      }),
    ).toMatchObject({
      kind: 'pay_as_you_go',
      hours_per_month: null,
      rollover: false,
      hourly_rate_cents: 65_000,
    })
  })

  it('explains what is wrong, field by field', () => {
    expect(
      fieldErrors(contractFormSchema, {
        ...retainer,
        hours_per_month: '',
        hourly_rate: 'lots',
        starts_on: '2026-02-30',
      }),
    ).toMatchObject({
      hourly_rate: 'Enter an amount like R 950 or 950.00',
      starts_on: 'Enter a date as YYYY-MM-DD',
    })
    expect(fieldErrors(contractFormSchema, { ...retainer, hours_per_month: '' })).toEqual({
      hours_per_month: 'Enter the hours a month, e.g. 20 or 12.5',
    })
    expect(fieldErrors(contractFormSchema, { ...retainer, ends_on: '2025-12-31' })).toEqual({
      ends_on: 'The end date must be on or after the start date',
    })
    expect(fieldErrors(contractFormSchema, { ...retainer, hours_per_month: '1001' })).toEqual({
      hours_per_month: 'Hours a month must be more than 0 and at most 1000',
    })
  })
})

describe('the statement month (Africa/Johannesburg)', () => {
  it('23:30 on the last day of March in Johannesburg is March; 00:30 on 1 April is April', () => {
    // SAST is UTC+2: 23:30 SAST is 21:30 UTC, 00:30 SAST is 22:30 UTC the day before.
    expect(johannesburgMonth(new Date('2026-03-31T21:30:00Z'))).toBe('2026-03')
    expect(johannesburgMonth(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04')
  })

  it('takes a valid ?month= and otherwise the current month', () => {
    const now = new Date('2026-12-31T22:30:00Z')
    expect(monthOrCurrent('2026-05', now)).toBe('2026-05')
    expect(monthOrCurrent('2026-13', now)).toBe('2027-01')
    expect(monthOrCurrent(undefined, now)).toBe('2027-01')
  })

  it('steps across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
  })
})

describe('CSV cells (RFC 4180, formula-safe)', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Printer, 2nd floor')).toBe('"Printer, 2nd floor"')
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""')
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"')
  })

  it('defuses cells a spreadsheet would run', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+27 82')).toBe("'+27 82")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(-1.5)).toBe('-1.5')
  })

  it('ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        [null, true],
      ]),
    ).toBe('a,1\r\n,true\r\n')
  })
})
