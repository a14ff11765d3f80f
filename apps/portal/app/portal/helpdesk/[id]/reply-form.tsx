'use client'

import type { ActionState } from '@siyakha/schemas/action-state'
import {
  type CANNED_PLACEHOLDERS,
  fillPlaceholders,
  STAFF_REPLY_KINDS,
  type StaffReplyKind,
} from '@siyakha/schemas/helpdesk'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { cn } from '@siyakha/ui/cn'
import { TextareaField } from '@siyakha/ui/field'
import { useHydrated } from '@siyakha/ui/use-hydrated'
import { useRef, useState } from 'react'
import { AttachmentPicker } from '@/components/attachment-picker'
import { replyAction } from './actions'

const clock = new Intl.DateTimeFormat('en-ZA', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
})

/** The client's WhatsApp as the reply form shows it (public.ticket_whatsapp). */
export interface ReplyWhatsapp {
  phone: string
  /** Until when WhatsApp takes a free-text reply (24 h after the client last wrote); null: shut. */
  windowOpenUntil: string | null
  /** Whether the approved ticket-update template may go while the window is shut. */
  mayTemplate: boolean
}

/** What will happen to a WhatsApp reply, said before it is sent (messaging-contract.md §5.1). */
function whatsappOutlook(whatsapp: ReplyWhatsapp): { text: string; possible: boolean } {
  if (whatsapp.windowOpenUntil) {
    return {
      text: `Window open until ${clock.format(new Date(whatsapp.windowOpenUntil))}: sent as a WhatsApp message to ${whatsapp.phone}.`,
      possible: true,
    }
  }
  if (whatsapp.mayTemplate) {
    return {
      text: `${whatsapp.phone} has not written in the last 24 hours: WhatsApp first gets the approved “ticket update” template, and your reply follows as soon as the client answers.`,
      possible: true,
    }
  }
  return {
    text: `${whatsapp.phone} has not written in the last 24 hours, so WhatsApp would not deliver a reply. Ask the client to message us first, or send a public reply by email.`,
    possible: false,
  }
}

/** The mode an answer was sent in (what the server echoes back), else a public reply. */
function answeredKind(state: ActionState<{ kind: StaffReplyKind }>): StaffReplyKind {
  if (state.status === 'success') return state.data.kind
  if (state.status === 'error') {
    const sent = STAFF_REPLY_KINDS.find((kind) => kind === state.values.kind)
    if (sent) return sent
  }
  return 'public'
}

export interface CannedReplyOption {
  id: string
  title: string
  body: string
  /** 'personal': the agent's own (only they see it); else the team's. */
  scope: string
}

// Who will read it decides how the box looks, before anything is sent: a public reply is white
// with the brand's edge, an internal note amber and labelled as staff-only.
const KIND = {
  public: {
    frame: 'border-brand-300 bg-white',
    note: 'The customer will see this reply, in the portal and by email.',
    submit: 'Send public reply',
  },
  whatsapp: {
    frame: 'border-emerald-400 bg-emerald-50/40',
    note: 'The customer will get this on WhatsApp and see it in the portal.',
    submit: 'Send WhatsApp reply',
  },
  internal: {
    frame: 'border-amber-400 bg-amber-50',
    note: 'Internal note: only staff will see this.',
    submit: 'Add internal note',
  },
} satisfies Record<StaffReplyKind, { frame: string; note: string; submit: string }>

export function ReplyForm({
  ticketId,
  whatsapp,
  canned,
  placeholders,
}: {
  ticketId: string
  whatsapp?: ReplyWhatsapp | null
  canned: readonly CannedReplyOption[]
  /** What {{requester_name}}, {{reference}} and {{agent_name}} become on this ticket. */
  placeholders: Record<keyof typeof CANNED_PLACEHOLDERS, string>
}) {
  const form = useActionForm({
    action: replyAction,
    success: (state: Extract<ActionState<{ kind: StaffReplyKind }>, { status: 'success' }>) => ({
      title: state.message,
      variant: 'success',
    }),
    onAnswer: (state) => {
      if (state.status === 'success') setSent((n) => n + 1)
      setKind(answeredKind(state))
    },
  })
  // Files cannot be put back into a file input: it keeps them after a refusal, clears after a send.
  const [sent, setSent] = useState(0)
  const hydrated = useHydrated()
  // One piece of state decides the mode: the checked radio, the frame, the line saying who will
  // read it and the button's words all read `mode` (from `kind`), and an answer (a send or a refusal) keeps the
  // mode it was sent in. The radios are controlled, so a re-mount after an answer cannot check
  // another one than the box is dressed for.
  const [kind, setKind] = useState<StaffReplyKind>(() => answeredKind(form.state))
  const body = useRef<HTMLTextAreaElement>(null)
  const outlook = whatsapp ? whatsappOutlook(whatsapp) : null
  // A WhatsApp reply that can no longer go (the window shut since it was chosen) shows, and is,
  // a public reply: still one mode for every part of the box.
  const mode: StaffReplyKind = kind === 'whatsapp' && !outlook?.possible ? 'public' : kind
  const problem = form.state.status === 'error' ? form.state.message : undefined

  /** Puts a canned reply, filled in for this ticket, where the cursor is (or at the end). */
  const insert = (id: string) => {
    const reply = canned.find((option) => option.id === id)
    const box = body.current
    if (!reply || !box) return
    const text = fillPlaceholders(reply.body, placeholders)
    const at = box.selectionStart ?? box.value.length
    box.setRangeText(text, at, box.selectionEnd ?? at, 'end')
    box.focus()
  }

  return (
    <section
      aria-labelledby="reply-form-title"
      className={cn('rounded-xl border-2 p-4 shadow-sm', KIND[mode].frame)}
    >
      <h2 id="reply-form-title" className="font-semibold text-brand-900">
        Reply or note
      </h2>
      <form
        ref={form.formRef}
        action={form.formAction}
        className="mt-3 space-y-3"
        aria-labelledby="reply-form-title"
        noValidate
      >
        <input type="hidden" name="ticketId" value={ticketId} />
        <div key={form.key} className="space-y-3">
          <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
            <legend className="mb-1 text-sm font-semibold text-brand-900">Visible to</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value="public"
                checked={mode === 'public'}
                onChange={() => setKind('public')}
              />
              Public reply (the customer sees it)
            </label>
            {whatsapp && outlook ? (
              <div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="kind"
                    value="whatsapp"
                    checked={mode === 'whatsapp'}
                    disabled={!outlook.possible}
                    aria-describedby="reply-whatsapp-outlook"
                    onChange={() => setKind('whatsapp')}
                  />
                  WhatsApp reply to {whatsapp.phone} (the customer sees it)
                </label>
                <p id="reply-whatsapp-outlook" className="ml-6 text-xs text-slate-600">
                  {outlook.text}
                </p>
              </div>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value="internal"
                checked={mode === 'internal'}
                onChange={() => setKind('internal')}
              />
              Internal note (staff only)
            </label>
            {form.errors.kind ? <p className="text-sm font-medium text-red-700">{form.errors.kind}</p> : null}
          </fieldset>
          {hydrated && canned.length > 0 ? (
            <label className="flex flex-wrap items-center gap-2 text-sm font-semibold text-brand-900">
              Insert a canned reply
              <select
                className="field-control h-9 w-auto font-normal"
                value=""
                onChange={(event) => insert(event.target.value)}
              >
                <option value="">Choose…</option>
                {(
                  [
                    ['personal', 'Your personal replies'],
                    ['team', 'Team replies'],
                  ] as const
                ).map(([scope, label]) => {
                  const options = canned.filter(
                    (option) => (option.scope === 'personal') === (scope === 'personal'),
                  )
                  return options.length > 0 ? (
                    <optgroup key={scope} label={label}>
                      {options.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.title}
                        </option>
                      ))}
                    </optgroup>
                  ) : null
                })}
              </select>
            </label>
          ) : null}
          <TextareaField
            ref={body}
            id="reply-body"
            label="Message"
            rows={6}
            maxLength={4096}
            required
            hint={KIND[mode].note}
            {...form.sentField('body')}
          />
        </div>
        <AttachmentPicker key={sent} />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <Button
          type="submit"
          size="sm"
          disabled={form.pending}
          variant={mode === 'internal' ? 'secondary' : 'primary'}
        >
          {hydrated ? KIND[mode].submit : 'Add to timeline'}
        </Button>
      </form>
    </section>
  )
}
