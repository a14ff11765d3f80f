import { SUPPORT_CATEGORIES } from '@siyakha/schemas/support-request'
import { type SupportRequestFormProps, SupportRequestFormView } from './support-request-form-view'

export type { SubmitResult, SupportRequestFormProps } from './support-request-form-view'

/**
 * The /log-it form. This server half hands the category list over, so the client half never
 * imports the schema module (and zod) up front; it loads it on the first submit.
 */
export function SupportRequestForm(props: SupportRequestFormProps) {
  return <SupportRequestFormView categories={SUPPORT_CATEGORIES} {...props} />
}
