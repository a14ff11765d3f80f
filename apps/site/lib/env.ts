import { z } from 'zod'

/** Site configuration, parsed once. Public URLs only: nothing secret lives here. */
const schema = z.object({
  NEXT_PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  NEXT_PUBLIC_PORTAL_URL: z.url().default('http://localhost:3001'),
})

export const siteEnv = schema.parse({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || undefined,
  NEXT_PUBLIC_PORTAL_URL: process.env.NEXT_PUBLIC_PORTAL_URL || undefined,
})

export const SITE_URL = siteEnv.NEXT_PUBLIC_SITE_URL.replace(/\/$/, '')

export function absoluteUrl(path: string): string {
  return path === '/' ? SITE_URL : `${SITE_URL}${path}`
}
