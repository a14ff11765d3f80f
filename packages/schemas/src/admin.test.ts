import { describe, expect, it } from 'vitest'
import { validate } from './action-state'
import { adminLogFilterSchema, changedFields, companySchema, domainSchema, inviteStaffSchema } from './admin'

const COMPANY = '00000000-0000-4000-8000-0000000000c1'

describe('admin schemas', () => {
  it('a domain is lower-cased, loses a leading @, and must look like a domain', () => {
    const ok = validate(domainSchema, { companyId: COMPANY, domain: ' @Acme-Clinic.CO.ZA ' })
    expect(ok).toEqual({ ok: true, data: { companyId: COMPANY, domain: 'acme-clinic.co.za' } })
    for (const bad of ['', 'acme', 'a b.co.za', 'x@acme.co.za', '-acme.co.za', 'acme..co.za']) {
      const answer = validate(domainSchema, { companyId: COMPANY, domain: bad })
      expect(answer.ok, bad).toBe(false)
      if (!answer.ok) expect(answer.errors.domain).toBe('Enter a domain such as acme.co.za (no @, no spaces)')
    }
  })

  it('a company needs a name; no account manager is null; a staff invite needs a role', () => {
    expect(validate(companySchema, { name: ' Karoo Dental ', notes: '', accountManagerId: '' })).toEqual({
      ok: true,
      data: { name: 'Karoo Dental', notes: '', accountManagerId: null },
    })
    const unnamed = validate(companySchema, { name: ' ', notes: '', accountManagerId: '' })
    expect(unnamed.ok).toBe(false)
    const roleless = validate(inviteStaffSchema, { email: 'New@Example.com', role: 'owner' })
    expect(roleless.ok ? null : roleless.errors.role).toBe('Choose agent or admin')
    expect(validate(inviteStaffSchema, { email: 'New@Example.com', role: 'agent' })).toEqual({
      ok: true,
      data: { email: 'new@example.com', role: 'agent' },
    })
  })

  it('the log filters drop what is not a table name, a person or a page', () => {
    expect(adminLogFilterSchema.parse({ table: 'companies', actor: COMPANY, before: '42' })).toEqual({
      table: 'companies',
      actor: COMPANY,
      before: 42,
    })
    expect(adminLogFilterSchema.parse({ table: "x'; drop", actor: 'me', before: '-1' })).toEqual({
      table: null,
      actor: null,
      before: null,
    })
  })

  it('the log shows only the fields that changed', () => {
    expect(
      changedFields(
        { id: 'a', name: 'Acme', notes: '', updated_at: '1' },
        { id: 'a', name: 'Acme Clinic', notes: '', updated_at: '2' },
      ),
    ).toEqual([{ field: 'name', before: 'Acme', after: 'Acme Clinic' }])
    expect(changedFields(null, { domain: 'acme.co.za', created_at: 'now' })).toEqual([
      { field: 'domain', before: null, after: 'acme.co.za' },
    ])
  })
})
