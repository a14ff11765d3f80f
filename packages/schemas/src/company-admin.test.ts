import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { createCompanyAdminSchema } from './company-admin'

describe('create company admin schema', () => {
  it('normalises the email and defaults make_superadmin to false', () => {
    expect(
      createCompanyAdminSchema.parse({ company_name: ' Acme Clinic ', admin_email: 'Owner@Acme.Example' }),
    ).toEqual({ company_name: 'Acme Clinic', admin_email: 'owner@acme.example', make_superadmin: false })
  })

  it('explains a missing name or a bad email', () => {
    expect(fieldErrors(createCompanyAdminSchema, { company_name: 'A', admin_email: 'nope' })).toEqual({
      company_name: 'Please enter the company name',
      admin_email: 'Please enter a valid email address',
    })
  })
})
