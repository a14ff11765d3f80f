import { z } from 'zod'

// A first line of defence: shapes only, so a malformed body is a 400 here; the core decides the rest.
// Loose objects keep the fields these do not name (the core gets the mutations as sent).

const id = z.string().min(1).max(1024)
const params = z.record(z.string(), z.unknown())

const attributes = z.looseObject({ _id: id.optional(), _type: z.string().min(1).max(1024) })
const identified = z.looseObject({ _id: id, _type: z.string().min(1).max(1024) })

const selector = z.union([
  z.looseObject({ id }),
  z.looseObject({ query: z.string().min(1), params: params.optional() }),
])

const patch = z.intersection(
  selector,
  z.looseObject({
    ifRevisionID: z.string().optional(),
    set: params.optional(),
    setIfMissing: params.optional(),
    unset: z.array(z.string()).optional(),
    inc: z.record(z.string(), z.number()).optional(),
    dec: z.record(z.string(), z.number()).optional(),
    diffMatchPatch: z.record(z.string(), z.string()).optional(),
    insert: z
      .looseObject({
        before: z.string().optional(),
        after: z.string().optional(),
        replace: z.string().optional(),
        items: z.array(z.unknown()),
      })
      .refine((insert) => [insert.before, insert.after, insert.replace].filter(Boolean).length === 1, {
        message: 'insert needs exactly one of before, after, replace',
      })
      .optional(),
  }),
)

export const mutation = z.union([
  z.strictObject({ create: attributes }),
  z.strictObject({ createIfNotExists: identified }),
  z.strictObject({ createOrReplace: identified }),
  z.strictObject({ delete: selector }),
  z.strictObject({ patch }),
])

const transactionId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, 'transactionId may contain letters, digits, ".", "_" and "-"')

export const mutateBody = z.looseObject({
  mutations: z.array(mutation).max(10_000),
  transactionId: transactionId.optional(),
  dryRun: z.boolean().optional(),
})

export const actionsBody = z.looseObject({
  actions: z.array(z.looseObject({ actionType: z.string().min(1) })).max(10_000),
  transactionId: transactionId.optional(),
  dryRun: z.boolean().optional(),
  skipCrossDatasetReferenceValidation: z.boolean().optional(),
})
