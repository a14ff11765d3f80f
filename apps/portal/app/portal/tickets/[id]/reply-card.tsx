'use client'

import { validate } from '@siyakha/schemas/action-state'
import { customerReplySchema, type TicketStatus } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { TextareaField } from '@siyakha/ui/field'
import { Link } from '@siyakha/ui/link'
import { useState } from 'react'
import { AttachmentPicker } from '@/components/attachment-picker'
import { Card } from '@/components/card'
import { FormOutcome } from '@/components/form-outcome'
import { replyAction } from './actions'

/**
 * The customer's answer on their ticket: a plain form posting to a server action (it works before
 * hydration), checked in the browser with the same schema first. A refusal keeps what was typed.
 * A closed ticket takes no replies; the card says where to go instead.
 */
export function ReplyCard({
  ticketId,
  status,
  whatsappLink,
}: {
  ticketId: string
  status: TicketStatus
  /** "Continue on WhatsApp": a chat with the company's number, the reference filled in. */
  whatsappLink: string | null
}) {
  const form = useActionForm({
    action: replyAction,
    validate: (values) => validate(customerReplySchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
    onAnswer: (state) => {
      if (state.status === 'success') setSent((n) => n + 1)
    },
  })
  // Files cannot be put back into a file input: it keeps them after a refusal, clears after a send.
  const [sent, setSent] = useState(0)
  const problem = form.state.status === 'error' && !form.errors.body ? form.state.message : undefined
  const whatsapp = whatsappLink ? (
    <a
      href={whatsappLink}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      Continue on WhatsApp
    </a>
  ) : null

  if (status === 'closed') {
    return (
      <Card title="Reply" id="reply-title">
        <p className="mt-1 text-sm text-slate-600">
          This ticket is closed. If you need more help,{' '}
          <Link
            href={`/portal/tickets?follow_up=${ticketId}#new-ticket`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            open a follow-up ticket
          </Link>
          .
        </p>
      </Card>
    )
  }

  return (
    <Card title="Reply" id="reply-title">
      <form {...form.props} noValidate className="mt-3 space-y-3" aria-labelledby="reply-title">
        <input type="hidden" name="ticketId" value={ticketId} />
        <input type="hidden" name="status" value={status} />
        <div key={form.key}>
          <TextareaField
            label="Your reply"
            rows={5}
            maxLength={4096}
            required
            {...form.sentField('body')}
            onChange={() => form.clearError('body')}
          />
        </div>
        <AttachmentPicker key={sent} />
        {status === 'resolved' ? (
          <p className="text-sm text-slate-600">Replying reopens the ticket.</p>
        ) : null}
        <FormOutcome problem={problem} pageNotice={form.pageNotice} />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={form.pending}>
            Send reply
          </Button>
          {whatsapp}
        </div>
      </form>
    </Card>
  )
}
