import type { IncomingMessage } from 'node:http'
import pg from 'pg'
import type { ProjectConfig } from '../config/project.js'
import type { Logger } from '../lib/log.js'
import type { MailSender } from '../mail/sender.js'
import { createSignUpPacing } from './account-privacy.js'
import {
  createEmailSendLimits,
  createMfaLimiter,
  createSignInLimits,
  type EmailSendLimits,
  type MfaLimiter,
  type SignInLimits,
} from './rate-limit.js'
import { createRedirectValidator, type RedirectValidator } from './redirect.js'
import type { SessionSettings } from './sessions.js'

export type Body = Record<string, unknown>
/** An endpoint's answer: status, JSON body, extra headers. */
export type Reply = [number, unknown, Record<string, string>?]

export interface AuthServiceOptions {
  config: ProjectConfig
  supabaseDir: string
  databaseUrl: string
  /** External URL of the auth API, e.g. http://127.0.0.1:54321/auth/v1 (JWT `iss`, mail links). */
  externalUrl: string
  mailer: MailSender
  log: Logger
}

/** What every auth endpoint may use: the config, the database, the mailer and the limits. */
export interface AuthContext {
  auth: ProjectConfig['auth']
  supabaseDir: string
  externalUrl: string
  mailer: MailSender
  log: Logger
  pool: pg.Pool
  redirects: RedirectValidator
  settings: SessionSettings
  autoconfirm: boolean
  signInLimits: SignInLimits
  signUpPacing: ReturnType<typeof createSignUpPacing>
  emailLimits: EmailSendLimits
  /** GoTrue's two MFA limiters: `POST /factors/{id}/challenge` and `POST /factors/{id}/verify`. */
  mfaLimits: { challenge: MfaLimiter; verify: MfaLimiter }
  tx<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T>
  withClient<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T>
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const obj = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** The caller as the gateway's socket sees it: the gateway is the outermost server here. */
export const callerAddress = (req: IncomingMessage) =>
  (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

export function createAuthContext(options: AuthServiceOptions): AuthContext {
  const { config, log } = options
  const auth = config.auth
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 6 })
  // 57P01 (admin_shutdown): the database is stopping with the stack; the pool drops the idle connection.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') log.warn(`auth db pool: ${error.message}`)
  })

  async function withClient<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    let broken = false
    // As in rest/context.ts: an error while checked out reaches the client, not the pool.
    const onError = (error: Error) => {
      broken = true
      log.debug(`auth db connection: ${error.message}`)
    }
    client.on('error', onError)
    try {
      return await work(client)
    } finally {
      client.off('error', onError)
      client.release(broken)
    }
  }

  async function tx<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    return withClient(async (client) => {
      try {
        await client.query('begin')
        const result = await work(client)
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback')
        throw error
      }
    })
  }

  return {
    auth,
    supabaseDir: options.supabaseDir,
    externalUrl: options.externalUrl,
    mailer: options.mailer,
    log,
    pool,
    redirects: createRedirectValidator(auth),
    settings: {
      issuer: options.externalUrl,
      jwtExpiry: auth.jwt_expiry,
      rotation: auth.enable_refresh_token_rotation,
      reuseIntervalSeconds: auth.refresh_token_reuse_interval,
    },
    autoconfirm: !auth.email.enable_confirmations,
    signInLimits: createSignInLimits({ perAddress: auth.rate_limit.sign_in_sign_ups }),
    signUpPacing: createSignUpPacing(),
    emailLimits: createEmailSendLimits({
      minIntervalSeconds: auth.email.max_frequency,
      perHour: auth.rate_limit.email_sent,
    }),
    mfaLimits: {
      challenge: createMfaLimiter({ perMinute: auth.rate_limit.mfa_challenge_and_verify }),
      verify: createMfaLimiter({ perMinute: auth.rate_limit.mfa_challenge_and_verify }),
    },
    tx,
    withClient,
  }
}
