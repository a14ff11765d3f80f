import 'server-only'
import type { Refusal } from '@siyakha/schemas/action-state'
import { type ActionContext, refuse } from '@/lib/action'

/**
 * A database refusal in the admin screens' words. The functions and triggers of
 * supabase/schemas/84_company_admin.sql word their refusals for people (a free email domain, the
 * last admin, an account manager who is not staff), so those are shown as they are; anything else
 * is logged and answered with `failed`.
 */
export function databaseRefusal(
  context: Pick<ActionContext<string>, 'values'>,
  error: unknown,
  failed: string,
  duplicate = 'That exists already.',
): Refusal {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  if ((code === '23514' || code === '22023' || code === 'P0002') && message)
    return refuse(context, 'validation', message)
  if (code === '23505') return refuse(context, 'conflict', duplicate)
  if (code === '42501') return refuse(context, 'forbidden', 'Only a provider admin can do that.')
  console.error(failed, error)
  return refuse(context, 'failed', failed)
}
