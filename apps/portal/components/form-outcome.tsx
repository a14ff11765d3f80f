import type { FormNotice } from '@siyakha/ui/action-form'

/**
 * What became of a form's last post, on the form itself: the refusal that no field shows, and,
 * before hydration (no toasts yet), the success the toast would have said.
 */
export function FormOutcome({ problem, pageNotice }: { problem?: string; pageNotice: FormNotice | null }) {
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      {pageNotice?.variant === 'success' ? (
        <p role="status" className="text-sm text-slate-700">
          {pageNotice.title}
        </p>
      ) : null}
    </>
  )
}
