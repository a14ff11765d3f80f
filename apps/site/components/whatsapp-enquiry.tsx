'use client'

import { lazy, Suspense, useState } from 'react'
import { spriteHref } from './sprite'

// The dialog and its form (with the enquiry schema, and zod with it) load when the visitor reaches
// for the button, not with every page: until then each page carries the button only.
const loadDialog = () => import('./whatsapp-enquiry-dialog')
const WhatsappEnquiryDialog = lazy(() => loadDialog().then((m) => ({ default: m.WhatsappEnquiryDialog })))

export type WhatsappEnquiryProps = { whatsappNumber: string }

/** The floating bottom-right button and the 'Quick WhatsApp Enquiry' dialog it opens. */
export function WhatsappEnquiry({ whatsappNumber }: WhatsappEnquiryProps) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
        className="whatsapp-button"
      >
        <span className="sr-only">Chat on WhatsApp</span>
        <svg aria-hidden="true" className="h-7 w-7 fill-current">
          <use href={spriteHref('whatsapp')} />
        </svg>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <WhatsappEnquiryDialog open={open} onOpenChange={setOpen} whatsappNumber={whatsappNumber} />
        </Suspense>
      ) : null}
    </>
  )
}
