import { z } from 'zod'

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback)

const envSchema = z.object({
  LOCAL_SUPABASE_HOST: z.string().default('127.0.0.1'),
  LOCAL_SUPABASE_API_PORT: port(54321),
  LOCAL_SUPABASE_DB_PORT: port(54322),
  LOCAL_SUPABASE_MAIL_PORT: port(54324),
  LOCAL_SUPABASE_SMTP_PORT: port(54325),
  // The WhatsApp Cloud API (Graph API) stand-in.
  LOCAL_SUPABASE_GRAPH_PORT: port(54330),
  LOCAL_SUPABASE_DATA_DIR: z.string().optional(),
  LOCAL_SUPABASE_ROOT: z.string().optional(),
  // Extra variables for the edge functions (like `supabase functions serve --env-file`).
  LOCAL_SUPABASE_FUNCTIONS_ENV_FILE: z.string().optional(),
  // Overrides `[auth.rate_limit] sign_in_sign_ups`: test runs play many visitors from one address.
  LOCAL_SUPABASE_SIGN_IN_SIGN_UPS: z.coerce.number().int().positive().optional(),
  // How often the local driver runs the outbox worker besides when the outbox is written (ms; 0 = only then).
  LOCAL_SUPABASE_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  // An existing server instead of the embedded one; must allow creating roles.
  DATABASE_URL: z.string().url().optional(),
})

export type LocalSupabaseEnv = z.infer<typeof envSchema>

export const env: LocalSupabaseEnv = envSchema.parse(process.env)
