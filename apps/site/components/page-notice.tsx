import type { PageNotice } from './use-validated-form'

/** A form's outcome written on the page, for a plain form post rendered without JavaScript. */
export function FormPageNotice({ notice }: { notice: PageNotice | null }) {
  if (!notice) return null
  const error = notice.tone === 'error'
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={`rounded-lg border p-4 text-sm ${error ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-brand-900'}`}
    >
      <strong className="font-semibold">{notice.title}.</strong> {notice.description}
    </p>
  )
}
