import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { LOCAL_LAKE_TOKEN } from './http/auth.js'
import { consoleLogger, type Logger } from './log.js'
import { LOCAL_REVALIDATE_SECRET } from './revalidate.js'

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const REPO_ROOT = path.resolve(PACKAGE_DIR, '../..')

export const DEFAULT_TLS_PORT = 54340
export const DEFAULT_HTTP_PORT = 54341

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)
const unset = (value: string | undefined) => (value === '' ? undefined : value)

const envSchema = z.object({
  LOCAL_CONTENT_LAKE_DATA_DIR: z.string().default(path.join(PACKAGE_DIR, '.data')),
  LOCAL_CONTENT_LAKE_HOST: z.string().default('127.0.0.1'),
  LOCAL_CONTENT_LAKE_TLS_PORT: port(DEFAULT_TLS_PORT),
  LOCAL_CONTENT_LAKE_HTTP_PORT: port(DEFAULT_HTTP_PORT),
  // The built Studio the TLS origin serves.
  LOCAL_CONTENT_LAKE_STUDIO_DIST: z.string().default(path.join(REPO_ROOT, 'studio/dist')),
  // Where asset URLs point: the origin the browser Studio reaches (default https://localhost:<tls port>).
  LOCAL_CONTENT_LAKE_PUBLIC_ORIGIN: z.url().optional(),
  LOCAL_CONTENT_LAKE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .default('local0000'),
  LOCAL_CONTENT_LAKE_DATASETS: z
    .string()
    .default('production')
    .transform((value) => value.split(',').map((name) => name.trim()))
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/)).min(1)),
  // The site whose /api/revalidate hears of published changes (the site's own NEXT_PUBLIC_SITE_URL if set).
  LOCAL_CONTENT_LAKE_SITE_URL: z.url().optional(),
  NEXT_PUBLIC_SITE_URL: z.url().optional(),
  // Shared with the site's SANITY_REVALIDATE_SECRET; both fall back to the well-known local value.
  LOCAL_CONTENT_LAKE_REVALIDATE_SECRET: z.string().min(1).optional(),
  SANITY_REVALIDATE_SECRET: z.string().min(1).optional(),
  // What writes, drafts and history need (Authorization: Bearer <token>); the Studio gets a session instead.
  LOCAL_CONTENT_LAKE_TOKEN: z.string().regex(/^\S+$/, 'a token has no spaces').default(LOCAL_LAKE_TOKEN),
  // Browser origins besides the lake's own Studio and the site (Sanity's CORS origins; `sanity dev` by default).
  LOCAL_CONTENT_LAKE_CORS_ORIGINS: z
    .string()
    .default('http://localhost:3333')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(z.url())),
})

export const env = envSchema.parse(
  Object.fromEntries(Object.entries(process.env).map(([key, value]) => [key, unset(value)])),
)

export interface ContentLakeOptions {
  dataDir: string
  host: string
  /** 0 picks a free port. */
  tlsPort: number
  httpPort: number
  /** The built Studio served from the TLS origin; null for none. */
  studioDist: string | null
  /** Origin of the site to revalidate; null turns revalidation off. */
  siteOrigin: string | null
  revalidateSecret: string
  projectId: string
  /** The first one is seeded, and is the one revalidation watches. */
  datasets: string[]
  seed: { datasetPath: string; imagesDir: string }
  /** Origin written into asset URLs; default `https://localhost:<tls port>`. */
  publicOrigin?: string
  /** Writes, drafts, history and settings need it (or the Studio's session). */
  token: string
  /**
   * Browser origins that get CORS answers, besides the lake's own TLS origin (the Studio), the
   * public origin and the site.
   */
  corsOrigins: string[]
  log: Logger
}

export function resolveOptions(overrides: Partial<ContentLakeOptions> = {}): ContentLakeOptions {
  return {
    dataDir: path.resolve(env.LOCAL_CONTENT_LAKE_DATA_DIR),
    host: env.LOCAL_CONTENT_LAKE_HOST,
    tlsPort: env.LOCAL_CONTENT_LAKE_TLS_PORT,
    httpPort: env.LOCAL_CONTENT_LAKE_HTTP_PORT,
    studioDist: path.resolve(env.LOCAL_CONTENT_LAKE_STUDIO_DIST),
    siteOrigin: env.LOCAL_CONTENT_LAKE_SITE_URL ?? env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000',
    revalidateSecret:
      env.LOCAL_CONTENT_LAKE_REVALIDATE_SECRET ?? env.SANITY_REVALIDATE_SECRET ?? LOCAL_REVALIDATE_SECRET,
    projectId: env.LOCAL_CONTENT_LAKE_PROJECT_ID,
    datasets: env.LOCAL_CONTENT_LAKE_DATASETS,
    seed: {
      datasetPath: path.join(REPO_ROOT, 'studio/seed/dataset.ndjson'),
      imagesDir: path.join(REPO_ROOT, 'studio/seed/images'),
    },
    publicOrigin: env.LOCAL_CONTENT_LAKE_PUBLIC_ORIGIN,
    token: env.LOCAL_CONTENT_LAKE_TOKEN,
    corsOrigins: env.LOCAL_CONTENT_LAKE_CORS_ORIGINS,
    log: consoleLogger,
    ...overrides,
  }
}
