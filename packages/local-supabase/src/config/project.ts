import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { z } from 'zod'

const durationSeconds = z.union([z.number(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'number') return value
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim())
  if (!match) {
    ctx.addIssue({ code: 'custom', message: `not a duration: ${value}` })
    return z.NEVER
  }
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] as 'ms' | 's' | 'm' | 'h']
  return Number(match[1]) * unit
})

const templateSchema = z.object({ subject: z.string().optional(), content_path: z.string().optional() })

/** Enroll/verify switches for one factor type; off unless config.toml turns them on. */
const factorTypeSchema = z.object({
  enroll_enabled: z.boolean().default(false),
  verify_enabled: z.boolean().default(false),
})

/** `[auth.mfa]` with the CLI's defaults (its config template seeds every unset key). */
const mfaSchema = z
  .object({
    max_enrolled_factors: z.number().int().positive().default(10),
    totp: factorTypeSchema.prefault({}),
    phone: factorTypeSchema
      .extend({
        otp_length: z.number().int().min(6).max(10).default(6),
        template: z.string().default('Your code is {{ .Code }}'),
        max_frequency: durationSeconds.default(5),
      })
      .prefault({}),
    web_authn: factorTypeSchema.prefault({}),
  })
  .prefault({})

const configSchema = z.object({
  project_id: z.string().default('local'),
  api: z
    .object({
      schemas: z.array(z.string()).default(['public', 'graphql_public']),
      extra_search_path: z.array(z.string()).default(['public', 'extensions']),
      max_rows: z.number().int().positive().default(1000),
      auto_expose_new_tables: z.boolean().default(true),
    })
    .prefault({}),
  db: z
    .object({
      seed: z
        .object({
          enabled: z.boolean().default(true),
          sql_paths: z.array(z.string()).default(['./seed.sql']),
        })
        .prefault({}),
    })
    .prefault({}),
  auth: z
    .object({
      site_url: z.string().default('http://127.0.0.1:3000'),
      additional_redirect_urls: z.array(z.string()).default([]),
      jwt_expiry: z.number().int().positive().default(3600),
      enable_refresh_token_rotation: z.boolean().default(true),
      refresh_token_reuse_interval: z.number().int().min(0).default(10),
      enable_signup: z.boolean().default(true),
      enable_anonymous_sign_ins: z.boolean().default(false),
      minimum_password_length: z.number().int().min(6).default(6),
      password_requirements: z.string().default(''),
      mfa: mfaSchema,
      rate_limit: z
        .object({
          email_sent: z.number().int().positive().default(2),
          /** Sign-in and sign-up requests per client address and 5 minutes (hosted default 30). */
          sign_in_sign_ups: z.number().int().positive().default(30),
          /** Anonymous sign-ins per client address and hour (hosted default 30). */
          anonymous_users: z.number().int().positive().default(30),
          /**
           * MFA challenges, and MFA verifications, per client address and minute (each its own
           * bucket of 30 at once), GoTrue's GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (default 15).
           * The CLI's config.toml has no key for it; this one is the local stack's.
           */
          mfa_challenge_and_verify: z.number().positive().default(15),
        })
        .prefault({}),
      /**
       * `[auth.hook.<name>]`: Postgres-function hooks (`uri = "pg-functions://postgres/<schema>/<fn>"`).
       * The stand-in runs `mfa_verification_attempt` only; others are refused at start-up.
       */
      hook: z
        .object({
          mfa_verification_attempt: z
            .object({
              enabled: z.boolean().default(false),
              uri: z
                .string()
                .regex(
                  /^pg-functions:\/\/postgres\/[a-z_][a-z0-9_]*\/[a-z_][a-z0-9_]*$/,
                  'a pg-functions:// URI',
                )
                .optional(),
            })
            .refine((hook) => !hook.enabled || hook.uri, 'an enabled hook needs its uri')
            .optional(),
        })
        .strict()
        .prefault({}),
      email: z
        .object({
          enable_signup: z.boolean().default(true),
          double_confirm_changes: z.boolean().default(true),
          /** A password change needs a sign-in within the last 24 hours (GoTrue: reauthentication). */
          secure_password_change: z.boolean().default(false),
          enable_confirmations: z.boolean().default(false),
          max_frequency: durationSeconds.default(1),
          otp_length: z.number().int().min(6).max(10).default(6),
          otp_expiry: z.number().int().positive().default(3600),
          template: z.record(z.string(), templateSchema).default({}),
          smtp: z
            .object({
              enabled: z.boolean().default(false),
              host: z.string(),
              port: z.number().int(),
              user: z.string().optional(),
              pass: z.string().optional(),
              admin_email: z.string().default('admin@email.com'),
              sender_name: z.string().optional(),
            })
            .optional(),
        })
        .prefault({}),
    })
    .prefault({}),
  functions: z
    .record(z.string(), z.object({ verify_jwt: z.boolean().default(true) }).prefault({}))
    .default({}),
})

export type ProjectConfig = z.infer<typeof configSchema>

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key]
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current, value as DeepPartial<typeof current>)
        : value
  }
  return out as T
}

/** Reads `supabase/config.toml` the way the Supabase CLI would; a missing file means CLI defaults. */
export function loadProjectConfig(
  supabaseDir: string,
  overrides?: DeepPartial<ProjectConfig>,
): ProjectConfig {
  const file = path.join(supabaseDir, 'config.toml')
  const raw = existsSync(file) ? parse(readFileSync(file, 'utf8')) : {}
  const result = configSchema.safeParse(raw)
  if (!result.success) {
    throw new Error(`${file} is invalid:\n${z.prettifyError(result.error)}`)
  }
  return merge(result.data, overrides)
}
