import 'server-only'
import { z } from 'zod'

/**
 * Content configuration, parsed once. With no SANITY_PROJECT_ID the site reads the seed dataset
 * in studio/seed/ through groq-js: the same queries, the same result shapes. Server-only: it holds
 * the read token and the webhook secret. The Studio has its own env (studio/env.ts).
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
  /** Where the embedded source says image files are served (the site copies them there). */
  CONTENT_ASSET_BASE: z.string().default('/cms-images'),
})

export type ContentEnv = z.infer<typeof schema>

export const contentEnv: ContentEnv = schema.parse({
  ...process.env,
  // An empty variable means "not set", as it does for every other tool.
  SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID || undefined,
  SANITY_API_READ_TOKEN: process.env.SANITY_API_READ_TOKEN || undefined,
  SANITY_REVALIDATE_SECRET: process.env.SANITY_REVALIDATE_SECRET || undefined,
})
