/**
 * Runs the Studio schema's own validation rules outside the Studio, so the seed builder enforces
 * exactly what an editor would see. A field's `validation: (rule) => …` is called with a recording
 * rule; the recorded calls (`required`, `min`, `max`, `length`, `integer`, `custom`) are then
 * evaluated against a value. Other rule methods are accepted and ignored.
 */

type Call = { name: string; args: unknown[] }
type Validation = unknown

export type RuleContext = { parent?: unknown; document?: unknown; path: (string | number)[] }

function record(validation: Validation): Call[][] {
  if (typeof validation !== 'function') return []
  const chains: Call[][] = []
  const makeRule = (): unknown => {
    const calls: Call[] = []
    chains.push(calls)
    const proxy: unknown = new Proxy(
      {},
      {
        get: (_, prop) => {
          if (typeof prop !== 'string' || prop === 'then') return undefined
          return (...args: unknown[]) => {
            calls.push({ name: prop, args })
            return proxy
          }
        },
      },
    )
    return proxy
  }
  // The rule a validation function receives; `rule.required()` etc. return the same recorder.
  const result = validation(makeRule())
  const returned = Array.isArray(result) ? result : [result]
  // Only chains that were returned count (a rule built but not returned has no effect); every
  // recorder returns itself, so the recorded chain is the first one.
  return returned.length > 0 && returned.every((r) => r !== undefined) ? chains : []
}

export function isMissing(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' &&
      (value as { _type?: unknown })._type === 'slug' &&
      !(value as { current?: unknown }).current)
  )
}

function size(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' || Array.isArray(value)) return value.length
  return undefined
}

/** Evaluates a `validation` property against a value; returns error messages. */
export function runValidation(validation: Validation, value: unknown, context: RuleContext): string[] {
  const errors: string[] = []
  for (const chain of record(validation)) {
    const required = chain.some((call) => call.name === 'required')
    if (isMissing(value)) {
      if (required) {
        errors.push('is required')
        continue
      }
    }
    for (const { name, args } of chain) {
      const [arg] = args
      const n = size(value)
      const unit = typeof value === 'number' ? '' : Array.isArray(value) ? ' items' : ' characters'
      if (name === 'custom' && typeof arg === 'function') {
        const result = arg(value, { ...context, type: undefined })
        if (result instanceof Promise) throw new Error('async custom validation is not supported here')
        if (result !== true && result !== undefined) {
          errors.push(
            typeof result === 'string' ? result : ((result as { message?: string }).message ?? 'is invalid'),
          )
        }
      } else if (isMissing(value)) {
      } else if (name === 'integer' && typeof value === 'number' && !Number.isInteger(value)) {
        errors.push('must be a whole number')
      } else if (name === 'min' && typeof arg === 'number' && n !== undefined && n < arg) {
        errors.push(`must be at least ${arg}${unit}`)
      } else if (name === 'max' && typeof arg === 'number' && n !== undefined && n > arg) {
        errors.push(`must be at most ${arg}${unit}`)
      } else if (name === 'length' && typeof arg === 'number' && n !== undefined && n !== arg) {
        errors.push(`must have exactly ${arg}${unit}`)
      }
    }
  }
  return errors
}

/** Whether a `validation` property marks the value as required. */
export function isRequired(validation: Validation): boolean {
  return record(validation).some((chain) => chain.some((call) => call.name === 'required'))
}
