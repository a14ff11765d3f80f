import { z } from 'zod'

/**
 * The well-known anon key every local Supabase stack ships with (the CLI's and packages/local-supabase's),
 * so the apps run against a local stack with no setup; not a secret.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/**
 * The local stack's well-known forwarder secret (FORWARDER_SECRET, packages/local-supabase
 * config/keys.ts), so a site on the local stack vouches for visitor addresses with no setup.
 * Like the anon key it only ever unlocks a local stack; a hosted project sets its own.
 */
export const LOCAL_FORWARDER_SECRET = 'local-forwarder-secret-for-development-only'

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)

export const publicEnvSchema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.url().default('http://127.0.0.1:54321'),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20).default(LOCAL_ANON_KEY),
  NEXT_PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  NEXT_PUBLIC_PORTAL_URL: z.url().default('http://localhost:3001'),
  /** Shared auth cookie across subdomains (e.g. `.siyakha.example`); host-only when unset. */
  AUTH_COOKIE_DOMAIN: optionalText,
})

export type PublicEnv = z.infer<typeof publicEnvSchema>

type Source = Partial<Record<keyof PublicEnv, string | undefined>>

/** Empty strings count as unset, so a blank line in `.env` falls back to the local default. */
export function parsePublicEnv(source: Source): PublicEnv {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]))
  const result = publicEnvSchema.safeParse(cleaned)
  if (!result.success) {
    throw new Error(`Invalid public environment: ${z.prettifyError(result.error)}`)
  }
  return result.data
}

// Each variable is named in full so Next.js inlines it into the browser bundle.
export const publicEnv: PublicEnv = parsePublicEnv({
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_PORTAL_URL: process.env.NEXT_PUBLIC_PORTAL_URL,
  AUTH_COOKIE_DOMAIN: process.env.AUTH_COOKIE_DOMAIN,
})

const withoutSlash = (url: string) => url.replace(/\/$/, '')

/** The deployment's origins as the apps join paths to them: without a trailing slash. */
export const SUPABASE_URL = withoutSlash(publicEnv.NEXT_PUBLIC_SUPABASE_URL)
export const SITE_URL = withoutSlash(publicEnv.NEXT_PUBLIC_SITE_URL)
export const PORTAL_URL = withoutSlash(publicEnv.NEXT_PUBLIC_PORTAL_URL)

/** `cookieOptions` for @supabase/ssr: the default cookie name, plus the shared domain when set. */
export function authCookieOptions(env: Pick<PublicEnv, 'AUTH_COOKIE_DOMAIN'> = publicEnv) {
  return env.AUTH_COOKIE_DOMAIN ? { domain: env.AUTH_COOKIE_DOMAIN } : undefined
}
