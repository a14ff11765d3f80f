'use client'

import { toast } from '@siyakha/ui/toaster'
import { type RefObject, useState } from 'react'
import { readHoneypot } from './honeypot-field'

export type SubmitResult = { ok: true; reference?: string } | { ok: false; message?: string }

type Notice = { title: string; description: string }

/**
 * Sending a validated public form: the success toast and a reset, or the failure toast with the
 * values kept. Without a `submit` (no backend configured) it only flags `notConnected`, so the
 * form says so instead of pretending to send.
 */
export function useFormSubmission<P>({
  submit,
  formRef,
  reset,
  success,
  failure,
  what,
}: {
  submit: ((payload: P, honeypot: string) => Promise<SubmitResult>) | undefined
  formRef: RefObject<HTMLFormElement | null>
  reset: () => void
  success: Notice
  failure: Notice
  /** For the console when sending fails: 'Quote request', 'Support request'. */
  what: string
}) {
  const [submitting, setSubmitting] = useState(false)
  const [notConnected, setNotConnected] = useState(false)

  const send = async (payload: P) => {
    if (!submit) {
      setNotConnected(true)
      return
    }
    setNotConnected(false)
    setSubmitting(true)
    try {
      const result = await submit(payload, readHoneypot(formRef.current))
      if (result.ok) {
        toast(success.title, { description: success.description, variant: 'success' })
        reset()
        return
      }
      console.error(`${what} was not sent`, result.message)
    } catch (error) {
      console.error(`${what} was not sent`, error)
    } finally {
      setSubmitting(false)
    }
    toast(failure.title, { description: failure.description, variant: 'destructive' })
  }

  return { send, submitting, notConnected }
}
