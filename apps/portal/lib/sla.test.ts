import { describe, expect, it } from 'vitest'
import { businessDuration, type SlaTicket, slaState, slaText, weekStart } from './sla'

const now = new Date('2026-11-25T10:00:00Z')
const open: SlaTicket = {
  status: 'open',
  first_response_at: null,
  first_response_due_at: '2026-11-25T12:00:00Z',
  resolution_due_at: '2026-11-27T10:00:00Z',
  sla_paused_at: null,
  resolved_at: null,
}

describe('slaState', () => {
  it('counts towards the first response until someone answers, then the resolution', () => {
    expect(slaState(open, now)).toEqual({
      target: 'first response',
      due: open.first_response_due_at,
      tone: 'on_track',
    })
    expect(slaState({ ...open, first_response_at: '2026-11-25T09:00:00Z' }, now)).toMatchObject({
      target: 'resolution',
      due: open.resolution_due_at,
    })
  })

  it('turns amber within the hour and red once past', () => {
    expect(slaState({ ...open, first_response_due_at: '2026-11-25T10:45:00Z' }, now).tone).toBe('soon')
    expect(slaState({ ...open, first_response_due_at: '2026-11-25T09:59:00Z' }, now).tone).toBe('breached')
  })

  it('is paused while the ticket waits on the customer, and done (or late) once resolved', () => {
    expect(
      slaState({ ...open, status: 'waiting_on_customer', sla_paused_at: '2026-11-25T09:00:00Z' }, now).tone,
    ).toBe('paused')
    expect(slaState({ ...open, status: 'resolved', resolved_at: '2026-11-26T10:00:00Z' }, now).tone).toBe(
      'done',
    )
    expect(slaState({ ...open, status: 'closed', resolved_at: '2026-11-28T10:00:00Z' }, now).tone).toBe(
      'breached',
    )
  })

  it('says it in words', () => {
    expect(slaText(slaState(open, now), '25 Nov 2026, 14:00')).toBe('First response due 25 Nov 2026, 14:00')
    expect(slaText({ target: 'resolution', due: 'x', tone: 'breached' }, '27 Nov')).toBe(
      'Resolution overdue since 27 Nov',
    )
  })
})

describe('the report’s week and durations', () => {
  it('starts the week on Monday at midnight in Johannesburg', () => {
    expect(weekStart(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z')
    // Sunday 23:30 in Johannesburg is still the week before.
    expect(weekStart(new Date('2026-11-29T21:30:00Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z')
    // Monday 00:30 in Johannesburg (Sunday 22:30 UTC) is the new week.
    expect(weekStart(new Date('2026-11-29T22:30:00Z')).toISOString()).toBe('2026-11-29T22:00:00.000Z')
  })

  it('says business minutes in hours and minutes', () => {
    expect(businessDuration(45)).toBe('45 min')
    expect(businessDuration(120)).toBe('2 h')
    expect(businessDuration(135)).toBe('2 h 15 min')
  })
})
