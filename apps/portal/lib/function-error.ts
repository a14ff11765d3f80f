/**
 * The message a failed `functions.invoke` carries. A non-2xx answer arrives as FunctionsHttpError
 * whose `context` is the Response; our functions answer `{ error: code, message, fields? }`.
 */
export async function functionErrorMessage(error: unknown): Promise<string | null> {
  if (!error || typeof error !== 'object') return null
  const context = (error as { context?: unknown }).context
  if (context instanceof Response) {
    const body: unknown = await context
      .clone()
      .json()
      .catch(() => null)
    if (body && typeof body === 'object') {
      const { fields, message } = body as { fields?: unknown; message?: unknown }
      // A validation answer names the field that failed; that beats the generic message.
      const firstField = fields && typeof fields === 'object' ? Object.values(fields)[0] : undefined
      if (typeof firstField === 'string' && firstField) return firstField
      if (typeof message === 'string' && message) return message
    }
  }
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && message ? message : null
}
