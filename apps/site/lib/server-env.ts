import 'server-only'
import { LOCAL_FORWARDER_SECRET } from '@siyakha/supabase/env'
import { z } from 'zod'

/** Server-only configuration of the site, parsed once. Never imported by client components. */
const schema = z.object({
  /** Shared with the functions: vouches for the visitor addresses the server actions pass on. */
  FORWARDER_SECRET: z.string().min(16).default(LOCAL_FORWARDER_SECRET),
  /**
   * Proxies in front of the site that append to X-Forwarded-For (Vercel, nginx: 1). 0 (the
   * default, `next start` facing visitors) takes the visitor's address from the socket.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Where this server can reach itself (for the prerendered 404 page, lib/not-found-document.ts).
   * Unset: loopback on the port `next start` listens on. Set it when the server listens on one
   * host only (`next start -H`).
   */
  SITE_INTERNAL_URL: z.url().optional(),
})

export const serverEnv = schema.parse({
  FORWARDER_SECRET: process.env.FORWARDER_SECRET || undefined,
  TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS || undefined,
  SITE_INTERNAL_URL: process.env.SITE_INTERNAL_URL || undefined,
})
