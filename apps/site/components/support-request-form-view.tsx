'use client'

import type { SupportRequest } from '@siyakha/schemas/support-request'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import type { FormAction } from '@/lib/form-state'
import { HoneypotField } from './honeypot-field'
import { FormPageNotice } from './page-notice'
import { useValidatedForm, type Validator } from './use-validated-form'

const EMPTY = {
  full_name: '',
  contact_number: '',
  whatsapp_number: '',
  email: '',
  category: '',
  description: '',
}

const validate: Validator<typeof EMPTY, SupportRequest> = async (values) => {
  const { fieldErrors, supportRequestFormSchema, supportRequestSchema } = await import(
    '@siyakha/schemas/support-request'
  )
  const payload = supportRequestSchema.safeParse({ ...values, preferred_channel: 'email' })
  return payload.success
    ? { ok: true, data: payload.data }
    : { ok: false, errors: fieldErrors(supportRequestFormSchema, values) }
}

export function SupportRequestFormView({
  action,
  categories,
}: {
  /** Sends the request (the log-support-call function), with the honeypot's value. */
  action: FormAction
  categories: readonly string[]
}) {
  const form = useValidatedForm({
    action,
    empty: EMPTY,
    validate,
    what: 'Support request',
    success: {
      title: 'Request submitted',
      description: 'Thank you! Our support team will contact you shortly.',
    },
    failure: {
      title: 'Something went wrong',
      description: 'We couldn’t log your request. Please try again.',
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
      <div role="status" className="empty:hidden">
        {form.errorCount > 0 ? (
          <p className="text-sm font-medium text-red-700">
            Please correct the{' '}
            {form.errorCount === 1 ? 'highlighted field' : `${form.errorCount} highlighted fields`}.
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={form.submitting} className="w-full sm:w-auto">
        {form.submitting ? 'Submitting…' : 'Submit Request'}
      </Button>
    </form>
  )
}
