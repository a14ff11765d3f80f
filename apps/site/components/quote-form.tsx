'use client'

import { type FormAction, useActionForm } from '@siyakha/ui/action-form'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import type { Sent } from '@/lib/form-actions'
import { PublicForm, publicFormNotices } from './public-form'

export type QuoteFormProps = {
  /** Sends the request (the quote-request function), with the honeypot's value. */
  action: FormAction<Sent>
  /** The service choices (the main services: slug and title); 'Other' is added. */
  services: { value: string; label: string }[]
}

const EMPTY = { full_name: '', company: '', email: '', phone: '', service: '', message: '' }

// The schema (and zod) load on the first submit, not with the home page.
const validate = async (values: typeof EMPTY) => {
  const [{ quoteRequestSchema }, { validate }] = await Promise.all([
    import('@siyakha/schemas/quote-request'),
    import('@siyakha/schemas/action-state'),
  ])
  return validate(quoteRequestSchema, values)
}

const NOTICES = publicFormNotices({
  title: 'Quote request sent',
  description: 'Thank you! We’ll be in touch within one business day.',
  failure: 'We couldn’t send your request. Please try again.',
})

/** The home page quote request (#quote-form). */
export function QuoteForm({ action, services }: QuoteFormProps) {
  const form = useActionForm({ action, empty: EMPTY, validate, ...NOTICES })

  return (
    <PublicForm form={form} submit="Request a Quote" sending="Sending…">
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
    </PublicForm>
  )
}
