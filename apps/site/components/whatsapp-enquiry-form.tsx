'use client'

import { ENQUIRY_SERVICES, enquiryLink } from '@siyakha/schemas/whatsapp'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { type FormEvent, useState } from 'react'
import { whatsappEnquiryAction } from '@/lib/form-actions'

const EMPTY = { name: '', email: '', phone: '', service: '', message: '' }

/**
 * The enquiry fields. Spec §5: with a required field empty the submit silently does nothing
 * (noValidate keeps the browser's bubbles away too); a valid one opens the chat and closes. The
 * form still posts to a server action, so a submit before the scripts run never puts the details
 * into this site's URL.
 */
export function WhatsappEnquiryForm({
  whatsappNumber,
  onSent,
}: {
  whatsappNumber: string
  onSent: () => void
}) {
  const [values, setValues] = useState(EMPTY)
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const link = enquiryLink(whatsappNumber, values)
    if (!link) return
    window.open(link, '_blank', 'noopener,noreferrer')
    setValues(EMPTY)
    onSent()
  }

  return (
    <form action={whatsappEnquiryAction} noValidate onSubmit={onSubmit} className="space-y-4">
      <InputField
        label="Full name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={set('name')}
      />
      <InputField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
      />
      <InputField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        value={values.phone}
        onChange={set('phone')}
      />
      <SelectField label="Service" name="service" required value={values.service} onChange={set('service')}>
        <option value="" disabled>
          Select a service
        </option>
        {ENQUIRY_SERVICES.map((service) => (
          <option key={service.value} value={service.value}>
            {service.label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Message"
        name="message"
        optional
        rows={3}
        value={values.message}
        onChange={set('message')}
      />
      <Button type="submit" className="w-full">
        Send via WhatsApp
      </Button>
    </form>
  )
}
