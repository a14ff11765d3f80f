'use client'

import { Dialog } from '@siyakha/ui/dialog'
import { lazy, Suspense, useState } from 'react'

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
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor">
          <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.4-1.48-.89-.79-1.49-1.77-1.66-2.07-.17-.3-.02-.46.13-.61.13-.13.3-.35.45-.52.15-.17.2-.3.3-.5.1-.2.05-.37-.03-.52-.07-.15-.67-1.61-.92-2.21-.24-.58-.49-.5-.67-.51h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.07c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35M12.05 21.5h-.01a9.46 9.46 0 0 1-4.81-1.32l-.35-.2-3.58.93.96-3.49-.23-.36a9.43 9.43 0 0 1-1.44-5.03c0-5.22 4.25-9.46 9.47-9.46 2.53 0 4.9.99 6.69 2.78a9.4 9.4 0 0 1 2.77 6.7c0 5.22-4.25 9.45-9.47 9.45M20.1 3.96A11.3 11.3 0 0 0 12.05.63C5.78.63.67 5.73.67 12c0 2 .52 3.96 1.52 5.69L.57 23.6l6.04-1.58a11.36 11.36 0 0 0 5.44 1.38h.01c6.27 0 11.38-5.1 11.38-11.38 0-3.04-1.18-5.9-3.33-8.05" />
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
