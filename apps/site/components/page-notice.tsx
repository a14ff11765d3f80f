import type { FormNotice } from '@siyakha/ui/action-form'

/** A form's outcome written on the page, for a plain form post rendered without JavaScript. */
export function FormPageNotice({ notice }: { notice: FormNotice | null }) {
  if (!notice) return null
  const error = notice.variant === 'destructive'
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={`rounded-lg border p-4 text-sm ${error ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-brand-900'}`}
    >
      <strong className="font-semibold">{notice.title}.</strong> {notice.description}
    </p>
  )
}

/** "Please correct the 2 highlighted fields.", announced as the count changes. */
export function FieldErrorCount({ count }: { count: number }) {
  return (
    <div role="status" className="empty:hidden">
      {count > 0 ? (
        <p className="text-sm font-medium text-red-700">
          Please correct the {count === 1 ? 'highlighted field' : `${count} highlighted fields`}.
        </p>
      ) : null}
    </div>
  )
}
