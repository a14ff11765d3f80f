import { describe, expect, it } from 'vitest'
import { validate } from './action-state'
import { formatMinutes, parseDuration, TIME_MESSAGES, timeEntrySchema } from './time-entries'

const TICKET = '00000000-0000-4000-8000-0000000000a1'
const entry = (minutes: string, extra: Record<string, string> = {}) =>
  validate(timeEntrySchema, {
    ticketId: TICKET,
    minutes,
    workType: 'remote',
    workDate: '2026-11-20',
    ...extra,
  })

describe('parseDuration', () => {
  it.each([
    ['45', 45],
    ['45m', 45],
    ['90 min', 90],
    ['1h 30m', 90],
    ['1h30', 90],
    ['1 h 30 min', 90],
    ['2h', 120],
    ['1:30', 90],
    ['0:05', 5],
    ['1.5h', 90],
    ['1,5 h', 90],
    ['0.25h', 15],
    [' 1H 30M ', 90],
  ])('reads %j as %i minutes', (input, minutes) => {
    expect(parseDuration(input)).toBe(minutes)
  })

  it.each(['', 'abc', '1:75', '1.5', 'h', '-5', '1h-30m', '1.2.3h'])('does not read %j', (input) => {
    expect(parseDuration(input)).toBeNull()
  })
})

describe('timeEntrySchema', () => {
  it('turns what was typed into minutes, billable from the checkbox', () => {
    expect(entry('1h 30m', { billable: 'on' })).toEqual({
      ok: true,
      data: {
        ticketId: TICKET,
        minutes: 90,
        workType: 'remote',
        billable: true,
        workDate: '2026-11-20',
        note: '',
      },
    })
    expect(entry('45').ok && entry('45')).toMatchObject({ data: { billable: false } })
  })

  it('explains what it cannot read, too little and too much', () => {
    expect(entry('abc')).toEqual({ ok: false, errors: { minutes: TIME_MESSAGES.minutesUnreadable } })
    expect(entry('')).toEqual({ ok: false, errors: { minutes: TIME_MESSAGES.minutesRequired } })
    expect(entry('0')).toEqual({ ok: false, errors: { minutes: TIME_MESSAGES.minutesTooSmall } })
    expect(entry('25h')).toEqual({ ok: false, errors: { minutes: TIME_MESSAGES.minutesTooLarge } })
  })

  it('refuses an unknown kind of work, a bad day and a day in the future', () => {
    expect(entry('5', { workType: 'lunch' })).toEqual({
      ok: false,
      errors: { workType: TIME_MESSAGES.workType },
    })
    expect(entry('5', { workDate: '2026-02-30' })).toEqual({
      ok: false,
      errors: { workDate: TIME_MESSAGES.date },
    })
    expect(entry('5', { workDate: '2999-01-01' })).toEqual({
      ok: false,
      errors: { workDate: TIME_MESSAGES.futureDate },
    })
  })
})

describe('formatMinutes', () => {
  it('writes minutes as people read them', () => {
    expect([45, 60, 90, 1440].map(formatMinutes)).toEqual(['45 min', '1 h', '1 h 30 min', '24 h'])
  })
})
