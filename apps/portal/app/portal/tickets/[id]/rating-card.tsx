'use client'

import { validate } from '@siyakha/schemas/action-state'
import { RATINGS, ticketRatingSchema } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { TextareaField } from '@siyakha/ui/field'
import { Card } from '@/components/card'
import { FormOutcome } from '@/components/form-outcome'
import { rateAction } from './actions'

const RATING_WORDS: Record<(typeof RATINGS)[number], string> = {
  '1': 'Very poor',
  '2': 'Poor',
  '3': 'Okay',
  '4': 'Good',
  '5': 'Excellent',
}

/**
 * "Rate our help" on a resolved ticket: 1 to 5 and an optional comment, saved over an earlier
 * rating. Radio buttons in a fieldset, so it works with a keyboard and before hydration.
 */
export function RatingCard({
  ticketId,
  current,
}: {
  ticketId: string
  current: { rating: number; comment: string | null } | null
}) {
  const form = useActionForm({
    action: rateAction,
    validate: (values) => validate(ticketRatingSchema, values),
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const sent = form.sent
  const chosen = sent?.rating ?? (current ? String(current.rating) : '')
  const problem =
    form.state.status === 'error' && !form.errors.rating && !form.errors.comment
      ? form.state.message
      : undefined

  return (
    <Card title="Rate our help" id="rating-title">
      {current ? (
        <p className="mt-1 text-sm text-slate-600">
          You rated this {current.rating} of 5. You can change your rating.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">How well did we handle this ticket?</p>
      )}
      <form {...form.props} noValidate className="mt-3 space-y-3" aria-labelledby="rating-title">
        <input type="hidden" name="ticketId" value={ticketId} />
        <div key={form.key} className="space-y-3">
          <fieldset aria-describedby={form.errors.rating ? 'rating-error' : undefined}>
            <legend className="text-sm font-semibold text-brand-900">Rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {RATINGS.map((value) => (
                <label
                  key={value}
                  className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    defaultChecked={chosen === value}
                    aria-invalid={form.errors.rating ? true : undefined}
                    onChange={() => form.clearError('rating')}
                  />
                  {value} – {RATING_WORDS[value]}
                </label>
              ))}
            </div>
            {form.errors.rating ? (
              <p id="rating-error" className="mt-2 text-sm font-medium text-red-700">
                {form.errors.rating}
              </p>
            ) : null}
          </fieldset>
          <TextareaField
            label="Comment (optional)"
            rows={3}
            maxLength={2000}
            {...form.sentField('comment', current?.comment ?? '')}
          />
        </div>
        <FormOutcome problem={problem} pageNotice={form.pageNotice} />
        <Button type="submit" disabled={form.pending}>
          Save rating
        </Button>
      </form>
    </Card>
  )
}
