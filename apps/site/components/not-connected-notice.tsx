import type { ReactNode } from 'react'

/** Said plainly when a form's backend is not connected yet, with the ways that do work. */
export function NotConnectedNotice({
  phone,
  email,
  children,
}: {
  phone: { e164: string; display: string }
  email: string
  children: ReactNode
}) {
  const linkClasses =
    'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600'
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-brand-900">
      <p>{children}</p>
      <p className="mt-2">
        Call{' '}
        <a href={`tel:${phone.e164}`} className={linkClasses}>
          {phone.display}
        </a>{' '}
        or email{' '}
        <a href={`mailto:${email}`} className={linkClasses}>
          {email}
        </a>
        .
      </p>
    </div>
  )
}
