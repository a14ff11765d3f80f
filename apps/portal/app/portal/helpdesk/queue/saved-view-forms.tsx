'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { removeViewAction, saveViewAction } from './actions'

/** Saves the filters on screen under a name. */
export function SaveViewForm({ query }: { query: string }) {
  const form = useActionForm({
    action: saveViewAction,
    empty: { name: '' },
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const name = form.field('name')
  const problem = form.state.status === 'error' ? form.errors.name || form.state.message : undefined
  return (
    <form ref={form.formRef} action={form.formAction} className="ml-auto flex items-center gap-2">
      <input type="hidden" name="query" value={query} />
      <label htmlFor="saved-view-name" className="sr-only">
        Name for this view
      </label>
      <input
        id="saved-view-name"
        name={name.name}
        value={name.value}
        onChange={name.onChange}
        maxLength={60}
        placeholder="Name this view"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'saved-view-problem' : undefined}
        className="field-control h-9 w-44"
      />
      <Button type="submit" size="sm" variant="outline" disabled={form.pending}>
        Save view
      </Button>
      {problem ? (
        <p id="saved-view-problem" role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}

/** Removes one saved view. */
export function RemoveViewButton({ id, name }: { id: string; name: string }) {
  const form = useActionForm({
    action: removeViewAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: (state) => ({ title: state.message, variant: 'destructive' }),
  })
  return (
    <form action={form.formAction}>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={form.pending}
        aria-label={`Remove the view ${name}`}
        className="rounded-r-full border border-l-0 border-slate-300 bg-white px-2 py-1 text-slate-600 hover:bg-red-50 hover:text-red-700"
      >
        ×
      </button>
    </form>
  )
}
