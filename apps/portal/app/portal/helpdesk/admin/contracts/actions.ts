'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { contractFormSchema } from '@siyakha/schemas/contracts'
import { createContractMutation, updateContractMutation } from '@siyakha/supabase/contracts'
import { revalidatePath } from 'next/cache'
import { type ActionContext, portalAction, refuse } from '@/lib/action'

const FIELDS = [
  'id',
  'company_id',
  'name',
  'kind',
  'starts_on',
  'ends_on',
  'hours_per_month',
  'rollover',
  'hourly_rate',
  'currency',
] as const

/** The database's refusals in words: an overlap names the other contract (23P01). */
function refusal<N extends string>(context: Pick<ActionContext<N>, 'values'>, error: unknown, doing: string) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '23P01' && typeof message === 'string') return refuse(context, 'conflict', message)
  console.error(`Could not ${doing} the contract`, error)
  return refuse(context, 'failed', `Could not ${doing} the contract. Please try again.`)
}

/** 'Add contract' (provider admins). */
export const createContractAction = portalAction({
  role: 'admin',
  fields: FIELDS,
  schema: contractFormSchema,
  run: async (data, context) => {
    try {
      await createContractMutation(context.supabase, data)
    } catch (error) {
      return refusal(context, error, 'add')
    }
    revalidatePath('/portal/helpdesk/admin/contracts')
    return succeeded(null, { message: `Added “${data.name}”.` })
  },
})

/** 'Save contract' (provider admins). */
export const updateContractAction = portalAction({
  role: 'admin',
  fields: FIELDS,
  schema: contractFormSchema,
  run: async (data, context) => {
    if (!data.id) return refuse(context, 'validation', 'Which contract? Open it from the list and try again.')
    try {
      const changed = await updateContractMutation(context.supabase, data.id, data)
      if (changed === 0) return refuse(context, 'forbidden', 'That contract is not there any more.')
    } catch (error) {
      return refusal(context, error, 'save')
    }
    revalidatePath('/portal/helpdesk/admin/contracts')
    revalidatePath(`/portal/helpdesk/admin/contracts/${data.id}`)
    return succeeded(null, { message: `Saved “${data.name}”.` })
  },
})
