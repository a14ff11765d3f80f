/**
 * The public forms carry a hidden `company_website` field that people never see or fill in.
 * A filled one means a bot: it gets a convincing answer and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'company_website'

export function isBot(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD]
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}
