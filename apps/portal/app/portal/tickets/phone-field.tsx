import { InputField } from '@siyakha/ui/field'
import type { ChangeEventHandler } from 'react'

/**
 * A WhatsApp number, as both ticket flows ask for it (E.164, checked by the schema): the customer's
 * own on the create form, the client's in the helpdesk's Send Update card.
 */
export function PhoneField({
  label = 'Client WhatsApp number',
  ...props
}: {
  label?: string
  name?: string
  defaultValue?: string
  error?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
}) {
  return (
    <InputField
      label={label}
      name="phone"
      type="tel"
      required
      autoComplete="tel"
      inputMode="tel"
      placeholder="+27 82 123 4567"
      hint="E.164 format, e.g. +27821234567"
      {...props}
    />
  )
}
