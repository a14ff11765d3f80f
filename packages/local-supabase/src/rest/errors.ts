export class RestError extends Error {
  /** Details that are not text (PGRST201 lists the candidate relationships as objects). */
  detailsValue?: unknown

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body(): Record<string, unknown> {
    return {
      code: this.code,
      details: this.detailsValue ?? this.details,
      hint: this.hint,
      message: this.message,
    }
  }
}

export const parseError = (message: string, details: string) =>
  new RestError(400, 'PGRST100', message, details)

/** PostgREST's SQLSTATE → HTTP status table: clients branch on these statuses, so they must match hosted Supabase. */
export function statusForSqlState(code: string, message: string, role: string): number {
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '21000') return /requires a WHERE clause$/.test(message) ? 400 : 500
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '42883' || code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === 'P0001') return 400
  if (code === '57P01') return 503
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const cls = code.slice(0, 2)
  if (cls === '08' || cls === '53') return code === '53400' ? 500 : 503
  if (cls === '09') return 500
  if (cls === '0L' || cls === '0P') return 403
  if (['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(cls)) return 500
  if (cls === 'P0') return 500
  return 400
}
