'use client'

import { Dialog } from '@siyakha/ui/dialog'
import { WhatsappEnquiryForm } from './whatsapp-enquiry-form'

export type WhatsappEnquiryDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  whatsappNumber: string
}

/** The 'Quick WhatsApp Enquiry' dialog and its form, loaded when the visitor reaches for the button. */
export function WhatsappEnquiryDialog({ open, onOpenChange, whatsappNumber }: WhatsappEnquiryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Quick WhatsApp Enquiry">
      <WhatsappEnquiryForm whatsappNumber={whatsappNumber} onSent={() => onOpenChange(false)} />
    </Dialog>
  )
}
