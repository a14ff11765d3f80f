// Row-level security of the SLA targets (issue 13): staff read them, only provider admins change
// them, nobody else reads them; the due times on a ticket follow the targets, never a client.
import { describe, expect, it } from 'vitest'
import { sql } from '../helpers'
import { CALLERS, db, STAFF, useCallers } from './callers'

useCallers()

describe('sla_targets', () => {
  it('staff read the four targets; anon is refused and customers read none', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('sla_targets').select('priority')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data?.length, caller).toBe(STAFF.includes(caller as never) ? 4 : 0)
    }
  })

  it('only a provider admin changes a target; nobody adds or removes one', async () => {
    const [before] = await sql<{ minutes: number }>(
      "select first_response_minutes as minutes from public.sla_targets where priority = 'low'",
    )
    for (const caller of ['thabo', 'companyAdmin', 'agent'] as const) {
      const { data } = await db[caller]
        .from('sla_targets')
        .update({ first_response_minutes: 1 })
        .eq('priority', 'low')
        .select('priority')
      expect(data ?? [], caller).toEqual([])
    }
    const { data: changed } = await db.providerAdmin
      .from('sla_targets')
      .update({ first_response_minutes: before?.minutes })
      .eq('priority', 'low')
      .select('priority')
      .throwOnError()
    expect(changed).toEqual([{ priority: 'low' }])
    for (const caller of CALLERS) {
      const insert = await db[caller]
        .from('sla_targets')
        .insert({ priority: 'low', first_response_minutes: 1, resolution_minutes: 1 })
      expect(insert.error?.code, caller).toBe('42501')
      const remove = await db[caller].from('sla_targets').delete().eq('priority', 'low').select('priority')
      expect(remove.error?.code ?? 'no rows', caller).toMatch(/42501|no rows/)
      expect(remove.data ?? [], caller).toEqual([])
    }
  })
})
