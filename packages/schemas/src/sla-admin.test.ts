import { describe, expect, it } from 'vitest'
import {
  businessCalendarSchema,
  closedDaySchema,
  formatBusinessMinutes,
  holidaysYear,
  parseBusinessMinutes,
  SLA_ADMIN_MESSAGES,
  slaTargetsSchema,
} from './sla-admin'

describe('business minutes as people type them', () => {
  it.each([
    ['90', 90],
    ['45m', 45],
    ['4h', 240],
    ['1.5h', 90],
    ['1h30', 90],
    ['1h 30m', 90],
    ['2d', 1080],
    ['1d 4h', 780],
    [' 3H ', 180],
  ])('%s → %i', (typed, minutes) => {
    expect(parseBusinessMinutes(typed)).toBe(minutes)
  })

  it('counts a day as the calendar’s business day', () => {
    expect(parseBusinessMinutes('2d', 600)).toBe(1200)
  })

  it.each(['', 'h', 'soon', '4 hours', '-5', '2w'])('refuses %j', (typed) => {
    expect(parseBusinessMinutes(typed)).toBeNull()
  })

  it('shows minutes back in the shortest words', () => {
    expect(formatBusinessMinutes(1080)).toBe('2d')
    expect(formatBusinessMinutes(240)).toBe('4h')
    expect(formatBusinessMinutes(90)).toBe('1h 30m')
    expect(formatBusinessMinutes(600)).toBe('1d 1h')
    expect(formatBusinessMinutes(45)).toBe('45m')
  })
})

const targetsForm = (values: Record<string, string> = {}) => ({
  contract: '',
  day_minutes: '540',
  low_first_response: '8h',
  low_resolution: '5d',
  normal_first_response: '4h',
  normal_resolution: '2d',
  high_first_response: '2h',
  high_resolution: '1d',
  urgent_first_response: '60',
  urgent_resolution: '4h',
  ...values,
})

describe('the targets form', () => {
  it('turns every priority into business minutes', () => {
    const parsed = slaTargetsSchema.parse(targetsForm())
    expect(parsed.contract).toBeNull()
    expect(parsed.targets).toContainEqual({
      priority: 'normal',
      first_response_minutes: 240,
      resolution_minutes: 1080,
    })
    expect(parsed.targets).toHaveLength(4)
  })

  it('needs both global targets, and a resolution no shorter than the response', () => {
    const missing = slaTargetsSchema.safeParse(targetsForm({ high_resolution: '' }))
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['high_resolution'],
      message: SLA_ADMIN_MESSAGES.bothRequired,
    })
    const backwards = slaTargetsSchema.safeParse(targetsForm({ urgent_resolution: '30' }))
    expect(backwards.error?.issues[0]?.message).toBe(SLA_ADMIN_MESSAGES.resolutionBeforeResponse)
    const nonsense = slaTargetsSchema.safeParse(targetsForm({ low_first_response: 'soon' }))
    expect(nonsense.error?.issues[0]?.message).toBe(SLA_ADMIN_MESSAGES.duration)
  })

  it('leaves a contract plan’s empty priorities to the global targets', () => {
    const contract = '00000000-0000-4000-8000-00000000c0de'
    const parsed = slaTargetsSchema.parse(
      targetsForm({
        contract,
        low_first_response: '',
        low_resolution: '',
        high_first_response: '',
        high_resolution: '',
      }),
    )
    expect(parsed.contract).toBe(contract)
    expect(parsed.targets.map((target) => target.priority)).toEqual(['normal', 'urgent'])
    const half = slaTargetsSchema.safeParse(targetsForm({ contract, low_resolution: '' }))
    expect(half.error?.issues[0]?.message).toBe(SLA_ADMIN_MESSAGES.bothOrNeither)
  })
})

describe('the calendar form', () => {
  const calendar = {
    time_zone: 'Africa/Johannesburg',
    opens_at: '08:00',
    closes_at: '17:00',
    public_holidays: 'on',
    day_1: 'on',
    day_2: 'on',
    day_3: 'on',
    day_4: 'on',
    day_5: 'on',
    day_6: '',
    day_7: '',
  }

  it('reads the weekdays ticked and the holidays box', () => {
    expect(businessCalendarSchema.parse(calendar)).toEqual({
      time_zone: 'Africa/Johannesburg',
      opens_at: '08:00',
      closes_at: '17:00',
      open_weekdays: [1, 2, 3, 4, 5],
      public_holidays: true,
    })
  })

  it('refuses no open day, closing before opening and a time that is not one', () => {
    const none = { ...calendar, day_1: '', day_2: '', day_3: '', day_4: '', day_5: '' }
    expect(businessCalendarSchema.safeParse(none).error?.issues[0]?.message).toBe(SLA_ADMIN_MESSAGES.weekdays)
    expect(
      businessCalendarSchema.safeParse({ ...calendar, closes_at: '07:00' }).error?.issues[0]?.message,
    ).toBe(SLA_ADMIN_MESSAGES.closesAfterOpens)
    expect(businessCalendarSchema.safeParse({ ...calendar, opens_at: '8am' }).error?.issues[0]?.message).toBe(
      SLA_ADMIN_MESSAGES.time,
    )
  })
})

describe('closed days and the holidays year', () => {
  it('wants a real date and a name', () => {
    expect(closedDaySchema.safeParse({ day: '2026-12-28', name: 'Year-end shutdown' }).success).toBe(true)
    expect(closedDaySchema.safeParse({ day: '2026-02-30', name: 'x' }).error?.issues[0]?.message).toBe(
      SLA_ADMIN_MESSAGES.day,
    )
    expect(closedDaySchema.safeParse({ day: '2026-12-28', name: '  ' }).error?.issues[0]?.message).toBe(
      SLA_ADMIN_MESSAGES.dayName,
    )
  })

  it('keeps the year switcher within the years the holiday table covers', () => {
    expect(holidaysYear('2027', 2026)).toBe(2027)
    expect(holidaysYear('1999', 2026)).toBe(2026)
    expect(holidaysYear(undefined, 2026)).toBe(2026)
  })
})
