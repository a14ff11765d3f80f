'use client'

import { validate } from '@siyakha/schemas/action-state'
import { contractFormSchema } from '@siyakha/schemas/contracts'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import { createContractAction, updateContractAction } from './actions'

export interface ContractValues {
  id?: string
  company_id: string
  name: string
  kind: string
  starts_on: string
  ends_on: string
  hours_per_month: string
  rollover: boolean
  hourly_rate: string
  currency: string
}

/**
 * Add or edit a contract. Uncontrolled fields: a refusal re-mounts them with what was sent, so
 * nothing typed is lost; money is typed as people write it ("R 950", "950.00").
 */
export function ContractForm({
  companies,
  initial,
  labelledBy,
}: {
  companies: { id: string; name: string }[]
  initial?: ContractValues
  labelledBy: string
}) {
  const editing = Boolean(initial?.id)
  const form = useActionForm({
    action: editing ? updateContractAction : createContractAction,
    validate: (values) => validate(contractFormSchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  const sent = form.sent
  // A successful add starts a fresh form; an edit keeps what was saved.
  const start = editing ? initial : undefined
  const text = (name: keyof ContractValues, fallback = '') =>
    form.sentField(name, String(start?.[name] ?? fallback))
  const rollover = sent ? sent.rollover === 'on' : Boolean(start?.rollover)
  return (
    <form
      key={form.key}
      {...form.props}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-labelledby={labelledBy}
    >
      {initial?.id ? <input type="hidden" name="id" value={initial.id} /> : null}
      {editing ? (
        <input type="hidden" name="company_id" value={initial?.company_id} />
      ) : (
        <SelectField label="Company" required {...text('company_id')}>
          <option value="">Pick a company</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </SelectField>
      )}
      <InputField label="Name" maxLength={120} required {...text('name')} />
      <SelectField label="Kind" required {...text('kind', 'retainer')}>
        <option value="retainer">Monthly retainer</option>
        <option value="pay_as_you_go">Pay as you go</option>
      </SelectField>
      <InputField
        label="Hours a month"
        inputMode="decimal"
        hint="Retainer only."
        {...text('hours_per_month')}
      />
      <InputField
        label="Hourly rate"
        inputMode="decimal"
        required
        hint="Beyond the retainer, or every hour when pay as you go. E.g. R 950 or 950.00."
        {...text('hourly_rate')}
      />
      <InputField label="Currency" maxLength={3} {...text('currency', 'ZAR')} />
      <InputField label="Starts on" type="date" required {...text('starts_on')} />
      <InputField label="Ends on" type="date" optional {...text('ends_on')} />
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`rollover-${initial?.id ?? 'new'}`}
          type="checkbox"
          name="rollover"
          defaultChecked={rollover}
          className="h-4 w-4"
        />
        <label htmlFor={`rollover-${initial?.id ?? 'new'}`} className="text-sm">
          Unused hours roll over to the next month (retainer; they expire after one month)
        </label>
      </div>
      <div className="space-y-2 sm:col-span-2">
        <FormOutcome problem={problem} pageNotice={form.pageNotice} />
        <Button type="submit" disabled={form.pending}>
          {editing ? 'Save contract' : 'Add contract'}
        </Button>
      </div>
    </form>
  )
}
