import { z } from 'zod'

/** Quick enquiry service options (the four service lines the sales team answers): value → label. */
export const ENQUIRY_SERVICES = [
  { value: 'infrastructure-and-networking', label: 'Infrastructure & Networking' },
  { value: 'security-and-surveillance', label: 'Security & Surveillance' },
  { value: 'cloud-and-edge-solutions', label: 'Cloud & Edge Solutions' },
  { value: 'smart-collaboration-tools', label: 'Smart Collaboration Tools' },
] as const

const serviceValues = ENQUIRY_SERVICES.map((s) => s.value) as [string, ...string[]]

/**
 * Name, email, phone and service are required; an invalid submit does nothing (the dialog is a
 * shortcut to the chat, not a form with messages).
 */
export const whatsappEnquirySchema = z.object({
  name: z.string().trim().min(1),
  email: z.string().trim().min(1),
  phone: z.string().trim().min(1),
  service: z.enum(serviceValues),
  message: z.string().trim().optional().default(''),
})
export type WhatsappEnquiry = z.input<typeof whatsappEnquirySchema>

export const E164 = /^\+[1-9]\d{7,14}$/

/** wa.me wants the number without '+' or spaces. */
export function waNumber(e164: string): string {
  return e164.replace(/\D/g, '')
}

export function enquiryText(enquiry: z.output<typeof whatsappEnquirySchema>): string {
  return [
    'New website enquiry',
    `Name: ${enquiry.name}`,
    `Email: ${enquiry.email}`,
    `Phone: ${enquiry.phone}`,
    `Service: ${enquiry.service}`,
    `Message: ${enquiry.message || '(none)'}`,
  ].join('\n')
}

/** Click-to-chat link to the company number with the enquiry pre-filled. */
export function enquiryLink(companyNumberE164: string, enquiry: WhatsappEnquiry): string | null {
  const parsed = whatsappEnquirySchema.safeParse(enquiry)
  if (!parsed.success) return null
  return `https://wa.me/${waNumber(companyNumberE164)}?text=${encodeURIComponent(enquiryText(parsed.data))}`
}

/** Share bar: a chat picker with the text pre-filled. */
export function shareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

/** Ticket updates: the message with its reference appended, so replies in the chat find their ticket. */
export function ticketMessageText(message: string, trackingRef: string | null): string {
  return trackingRef ? `${message.trimEnd()}\n\nRef: ${trackingRef}` : message
}

export function ticketUpdateLink(phoneE164: string, text: string): string {
  return `https://wa.me/${waNumber(phoneE164)}?text=${encodeURIComponent(text)}`
}

/**
 * "Continue on WhatsApp" on a customer's ticket: a chat with the company's number, the ticket's
 * reference filled in so the message that arrives finds its ticket, and the requester's one-time
 * code (public.whatsapp_verification_code), which proves the phone it comes from is theirs.
 */
export function continueOnWhatsappLink(
  companyNumberE164: string,
  trackingRef: string,
  code: string | null = null,
): string {
  return ticketUpdateLink(companyNumberE164, `Ref: ${trackingRef}${code ? ` Verify ${code}` : ''}\n`)
}
