'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { retryNotificationAction } from './actions'

/** A plain form per row: works before hydration; the answer is a toast (or a line, without JS). */
export function RetryButton({ id, label }: { id: number; label: string }) {
  const form = useActionForm({
    action: retryNotificationAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) => ({ title: state.message || 'Could not retry it.', variant: 'destructive' }),
  })
  return (
    <form action={form.formAction}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={form.pending} aria-label={label}>
        Retry
      </Button>
      {form.pageNotice ? <p className="mt-1 text-xs">{form.pageNotice.title}</p> : null}
    </form>
  )
}
