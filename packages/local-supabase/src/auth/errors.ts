import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../lib/http.js'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** OAuth-shaped errors (`{error, error_description}`) ignore the API version, as in GoTrue. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description)
  }
}

const API_VERSION = '2024-01-01'

function requestedVersionIsModern(req: IncomingMessage): boolean {
  const header = req.headers['x-supabase-api-version']
  if (typeof header !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false
  const date = Date.parse(`${header}T00:00:00Z`)
  return !Number.isNaN(date) && date >= Date.parse(`${API_VERSION}T00:00:00Z`)
}

export function sendAuthError(
  req: IncomingMessage,
  res: ServerResponse,
  error: AuthError | OAuthError,
): void {
  if (error instanceof OAuthError) {
    sendJson(res, error.status, { error: error.error, error_description: error.description })
    return
  }
  if (requestedVersionIsModern(req)) {
    sendJson(
      res,
      error.status,
      { code: error.code, message: error.message, ...error.extra },
      { 'X-Supabase-Api-Version': API_VERSION },
    )
    return
  }
  const body: Record<string, unknown> = {
    code: error.status,
    error_code: error.code,
    msg: error.message,
    ...error.extra,
  }
  if (error.status >= 500) body.error_id = crypto.randomUUID()
  sendJson(res, error.status, body, { 'x-sb-error-code': error.code })
}

export const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
export const validation = (message: string) => new AuthError(400, 'validation_failed', message)
export const dbSaveFailed = () => new AuthError(500, 'unexpected_failure', 'Database error saving new user')
export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
