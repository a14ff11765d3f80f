'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { FormOutcome } from '@/components/form-outcome'
import { saveNotificationsAction } from './actions'

/**
 * One checkbox per kind of email, saved together. A plain form posting to a server action, so it
 * works before hydration too; `shown` tells the action which boxes were on the page.
 */
export function SettingsForm({
  choices,
}: {
  choices: { category: string; label: string; enabled: boolean }[]
}) {
  const form = useActionForm({
    action: saveNotificationsAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const problem = form.state.status === 'error' ? form.state.message : undefined
  return (
    <form {...form.props} className="space-y-4">
      <input type="hidden" name="shown" value={choices.map((c) => c.category).join(',')} />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-brand-900">Email me when</legend>
        {choices.map((choice) => (
          <label key={choice.category} className="flex items-start gap-3">
            <input
              type="checkbox"
              name={choice.category}
              defaultChecked={choice.enabled}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      <FormOutcome problem={problem} pageNotice={form.pageNotice} />
      <Button type="submit" disabled={form.pending}>
        Save
      </Button>
    </form>
  )
}
