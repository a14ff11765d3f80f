import { InputField } from '@siyakha/ui/field'
import type { ChangeEventHandler } from 'react'

/** The client's WhatsApp number, as both ticket flows ask for it (E.164, checked by the schema). */
export function PhoneField(props: {
  name?: string
  defaultValue?: string
  error?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
}) {
  return (
    <InputField
      label="Client WhatsApp number"
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
