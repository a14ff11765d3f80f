import { SUPPORT_CATEGORIES } from '@siyakha/schemas/support-request'
import { supportRequestAction } from '@/lib/form-actions'
import { SupportRequestFormView } from './sections/islands'

/**
 * The /log-it form. This server half hands the category list and the server action over, so the
 * client half never imports the schema module (and zod) up front; it loads it on the first submit.
 */
export function SupportRequestForm() {
  return <SupportRequestFormView categories={SUPPORT_CATEGORIES} action={supportRequestAction} />
}
