import 'server-only'
import { z } from 'zod'

/** The local Content Lake's project id (packages/local-content-lake) and its plain-HTTP origin. */
export const LOCAL_PROJECT_ID = 'local0000'
export const LOCAL_API_HOST = 'http://127.0.0.1:54341'
/** The lake signs its publish webhooks with this unless SANITY_REVALIDATE_SECRET is set (not a secret). */
export const LOCAL_REVALIDATE_SECRET = 'local-content-lake-revalidate-secret-0000'

/**
 * Content configuration, parsed once. With no SANITY_PROJECT_ID the site reads the local Content
 * Lake (`npm start` runs it) through the same client and the same queries it uses against Sanity.
 * Server-only: it holds the read token and the webhook secret. The Studio has its own env
 * (studio/env.ts).
 */
const schema = z.object({
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'SANITY_PROJECT_ID looks wrong')
    .optional(),
  SANITY_DATASET: z.string().default('production'),
  SANITY_API_VERSION: z.string().default('2025-02-19'),
  SANITY_API_READ_TOKEN: z.string().optional(),
  SANITY_REVALIDATE_SECRET: z.string().optional(),
  /** The local Content Lake's plain-HTTP origin (local mode only). */
  SANITY_API_HOST: z.url().default(LOCAL_API_HOST),
  /** The site path that serves the local lake's images (local mode only; app/cms-images). */
  CONTENT_ASSET_BASE: z.string().default('/cms-images'),
})

export type ContentEnv = z.infer<typeof schema>

export const contentEnv: ContentEnv = schema.parse({
  ...process.env,
  // An empty variable means "not set", as it does for every other tool.
  SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID || undefined,
  SANITY_API_READ_TOKEN: process.env.SANITY_API_READ_TOKEN || undefined,
  // The local lake and the local site share a well-known secret; a hosted site has none by default.
  SANITY_REVALIDATE_SECRET:
    process.env.SANITY_REVALIDATE_SECRET ||
    (process.env.SANITY_PROJECT_ID ? undefined : LOCAL_REVALIDATE_SECRET),
  SANITY_API_HOST: process.env.SANITY_API_HOST || undefined,
})

/** True when no Sanity project is configured: content comes from the local Content Lake. */
export const isLocalLake = (env: ContentEnv = contentEnv) => !env.SANITY_PROJECT_ID
