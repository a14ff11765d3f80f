'use client'

import type { QuoteRequest } from '@siyakha/schemas/quote-request'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import type { FormAction } from '@/lib/form-state'
import { HoneypotField } from './honeypot-field'
import { FormPageNotice } from './page-notice'
import { useValidatedForm, type Validator } from './use-validated-form'

export type QuoteFormProps = {
  /** Sends the request (the quote-request function), with the honeypot's value. */
  action: FormAction
  /** The service choices (the main services: slug and title); 'Other' is added. */
  services: { value: string; label: string }[]
}

const EMPTY = { full_name: '', company: '', email: '', phone: '', service: '', message: '' }

// The schema (and zod) load on the first submit, not with the home page.
const validate: Validator<typeof EMPTY, QuoteRequest> = async (values) => {
  const [{ quoteRequestSchema }, { fieldErrors }] = await Promise.all([
    import('@siyakha/schemas/quote-request'),
    import('@siyakha/schemas/support-request'),
  ])
  const parsed = quoteRequestSchema.safeParse(values)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(quoteRequestSchema, values) }
}

/** The home page quote request (#quote-form). */
export function QuoteForm({ action, services }: QuoteFormProps) {
  const form = useValidatedForm({
    action,
    empty: EMPTY,
    validate,
    what: 'Quote request',
    success: {
      title: 'Quote request sent',
      description: 'Thank you! We’ll be in touch within one business day.',
    },
    failure: {
      title: 'Something went wrong',
      description: 'We couldn’t send your request. Please try again.',
    },
  })

  return (
    <form
      ref={form.formRef}
      action={form.formAction}
      noValidate
      onSubmit={form.onSubmit}
      className="relative space-y-5"
    >
      <HoneypotField />
      <FormPageNotice notice={form.pageNotice} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Full name" autoComplete="name" required {...form.field('full_name')} />
        <InputField label="Company" autoComplete="organization" optional {...form.field('company')} />
        <InputField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <InputField label="Phone" type="tel" autoComplete="tel" required {...form.field('phone')} />
      </div>
      <SelectField label="Service" required {...form.field('service')}>
        <option value="">Select a service</option>
        {services.map((service) => (
          <option key={service.value} value={service.value}>
            {service.label}
          </option>
        ))}
        <option value="other">Other</option>
      </SelectField>
      <TextareaField label="Message" rows={5} required {...form.field('message')} />
      <div role="status" className="empty:hidden">
        {form.errorCount > 0 ? (
          <p className="text-sm font-medium text-red-700">
            Please correct the{' '}
            {form.errorCount === 1 ? 'highlighted field' : `${form.errorCount} highlighted fields`}.
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={form.submitting} className="w-full sm:w-auto">
        {form.submitting ? 'Sending…' : 'Request a Quote'}
      </Button>
    </form>
  )
}
