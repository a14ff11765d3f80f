import { z } from 'zod'

/**
 * The well-known anon key of every local Supabase stack (as in @siyakha/supabase/env, which
 * next.config.ts cannot import as TypeScript source).
 */
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/**
 * Site configuration, parsed once. Public values only: the anon key is meant for browsers
 * (row-level security guards the data); no service-role key ever lives in this app.
 */
const schema = z.object({
  NEXT_PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  NEXT_PUBLIC_PORTAL_URL: z.url().default('http://localhost:3001'),
  NEXT_PUBLIC_SUPABASE_URL: z.url().default('http://127.0.0.1:54321'),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20).default(LOCAL_ANON_KEY),
})

// NEXT_PUBLIC_* must be read by their literal names so Next inlines them into browser bundles.
export const siteEnv = schema.parse({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || undefined,
  NEXT_PUBLIC_PORTAL_URL: process.env.NEXT_PUBLIC_PORTAL_URL || undefined,
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL || undefined,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || undefined,
})

export const SITE_URL = siteEnv.NEXT_PUBLIC_SITE_URL.replace(/\/$/, '')
export const PORTAL_URL = siteEnv.NEXT_PUBLIC_PORTAL_URL.replace(/\/$/, '')
export const SUPABASE_URL = siteEnv.NEXT_PUBLIC_SUPABASE_URL.replace(/\/$/, '')
export const SUPABASE_ANON_KEY = siteEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY

export function absoluteUrl(path: string): string {
  return path === '/' ? SITE_URL : `${SITE_URL}${path}`
}
