'use client'

import { ENQUIRY_SERVICES, enquiryLink } from '@siyakha/schemas/whatsapp'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, SelectField, TextareaField } from '@siyakha/ui/field'
import { openChat } from '@siyakha/ui/whatsapp-handoff'
import type { FormEvent } from 'react'
import { whatsappEnquiryAction } from '@/lib/form-actions'

const EMPTY = { name: '', email: '', phone: '', service: '', message: '' }

/**
 * The enquiry fields. With a required field empty the submit silently does nothing (the product
 * asks for no messages here; noValidate keeps the browser's bubbles away too); a valid one opens
 * the chat and closes. The form still posts to a server action, so a submit before the scripts
 * run never puts the details into this site's URL.
 */
export function WhatsappEnquiryForm({
  whatsappNumber,
  onSent,
}: {
  whatsappNumber: string
  onSent: () => void
}) {
  const form = useActionForm({ action: whatsappEnquiryAction, empty: EMPTY })

  // The chat opens here, inside the click, so no round trip to the server.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const link = enquiryLink(whatsappNumber, form.values)
    if (!link) return
    openChat(link)
    form.reset()
    onSent()
  }

  return (
    <form action={form.formAction} noValidate onSubmit={onSubmit} className="space-y-4">
      <InputField label="Full name" autoComplete="name" required {...form.field('name')} />
      <InputField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <InputField label="Phone" type="tel" autoComplete="tel" required {...form.field('phone')} />
      <SelectField label="Service" required {...form.field('service')}>
        <option value="" disabled>
          Select a service
        </option>
        {ENQUIRY_SERVICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Message" optional rows={3} {...form.field('message')} />
      <Button type="submit" className="w-full">
        Send via WhatsApp
      </Button>
    </form>
  )
}
