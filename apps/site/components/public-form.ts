import type { Refusal } from '@siyakha/schemas/action-state'
import type { FormNotice } from '@siyakha/ui/action-form'

/**
 * The public forms' toasts: the success, and 'Something went wrong' when sending failed (a
 * validation refusal shows under the fields instead).
 */
export function publicFormNotices({
  title,
  description,
  failure,
}: {
  title: string
  description: string
  failure: string
}): { success: FormNotice; failure: (state: Refusal) => FormNotice | null } {
  return {
    success: { title, description, variant: 'success' },
    failure: (state) =>
      state.reason === 'validation'
        ? null
        : { title: 'Something went wrong', description: failure, variant: 'destructive' },
  }
}
