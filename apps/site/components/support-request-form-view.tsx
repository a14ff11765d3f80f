'use client'

import { type FormAction, useActionForm } from '@siyakha/ui/action-form'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import type { Sent } from '@/lib/form-actions'
import { PublicForm, publicFormNotices } from './public-form'

const EMPTY = {
  full_name: '',
  contact_number: '',
  whatsapp_number: '',
  email: '',
  category: '',
  description: '',
}

const validate = async (values: typeof EMPTY) => {
  const [{ supportRequestSchema }, { validate }] = await Promise.all([
    import('@siyakha/schemas/support-request'),
    import('@siyakha/schemas/action-state'),
  ])
  return validate(supportRequestSchema, { ...values, preferred_channel: 'email' })
}

const NOTICES = publicFormNotices({
  title: 'Request submitted',
  description: 'Thank you! Our support team will contact you shortly.',
  failure: 'We couldn’t log your request. Please try again.',
})

export function SupportRequestFormView({
  action,
  categories,
}: {
  /** Sends the request (the log-support-call function), with the honeypot's value. */
  action: FormAction<Sent>
  categories: readonly string[]
}) {
  const form = useActionForm({ action, empty: EMPTY, validate, ...NOTICES })

  return (
    <PublicForm form={form} submit="Submit Request" sending="Submitting…">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Full name" autoComplete="name" required {...form.field('full_name')} />
        <InputField
          label="Contact number"
          type="tel"
          autoComplete="tel"
          required
          {...form.field('contact_number')}
        />
        <InputField label="WhatsApp number" type="tel" optional {...form.field('whatsapp_number')} />
        <InputField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      </div>
      <SelectField label="Category" required {...form.field('category')}>
        <option value="">Select a category</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Description"
        rows={6}
        required
        hint="What is happening, since when, and who is affected."
        {...form.field('description')}
      />
    </PublicForm>
  )
}
