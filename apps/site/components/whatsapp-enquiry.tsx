'use client'

import { Dialog } from '@siyakha/ui/dialog'
import { lazy, Suspense, useState } from 'react'
import { spriteHref } from './sprite'

// The form pulls in the enquiry schema (and zod with it); load it when the visitor reaches for
// the button, not with every page.
const loadForm = () => import('./whatsapp-enquiry-form')
const WhatsappEnquiryForm = lazy(() => loadForm().then((m) => ({ default: m.WhatsappEnquiryForm })))

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
        onPointerEnter={loadForm}
        onFocus={loadForm}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
        className="fixed right-4 bottom-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp-dark text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900 sm:right-6 sm:bottom-6"
      >
        <span className="sr-only">Chat on WhatsApp</span>
        <svg aria-hidden="true" className="h-7 w-7 fill-current">
          <use href={spriteHref('whatsapp')} />
        </svg>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Quick WhatsApp Enquiry">
        {used ? (
          <Suspense fallback={<p className="py-8 text-center text-slate-600">Loading…</p>}>
            <WhatsappEnquiryForm whatsappNumber={whatsappNumber} onSent={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  )
}
