/**
 * The well-known local keys of the Supabase CLI, so tools that know them work here. They are public by design: every
 * `supabase start` prints them, and they only ever unlock a local stack.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/**
 * Shared by the site's server and the functions (FORWARDER_SECRET): with it the site vouches for a
 * visitor's address. Well known, like the keys above; a hosted project sets its own.
 */
export const FORWARDER_SECRET = 'local-forwarder-secret-for-development-only'

/**
 * The ticket emails' local secrets (the functions' OUTBOX_WORKER_SECRET, REPLY_TOKEN_SECRET,
 * UNSUBSCRIBE_SECRET).
 * Well known, like the keys above; a hosted project sets its own.
 */
export const OUTBOX_WORKER_SECRET = 'local-outbox-worker-secret-for-development-only'
export const REPLY_TOKEN_SECRET = 'local-reply-token-secret-for-development-only'
export const UNSUBSCRIBE_SECRET = 'local-unsubscribe-secret-for-development-only'

/**
 * Reply by email: the local mailbox plays the inbound provider (Resend). It signs the webhooks it
 * posts to inbound-email with this secret (Svix format; the value is the contract's test vector)
 * and serves the received mails' content to this API key. Well known; a hosted project sets its own.
 */
export const RESEND_WEBHOOK_SECRET = 'whsec_bG9jYWwtaW5ib3VuZC13ZWJob29rLXNlY3JldC1kZXY='
export const RESEND_API_KEY = 're_local_inbound_key_for_development_only'
/**
 * The local mailbox's authserv-id (RFC 8601): the Authentication-Results it prepends to received
 * mail carry it, and the inbound-email function trusts only that id's DMARC verdict.
 */
export const INBOUND_AUTHSERV_ID = 'mx.local-supabase.test'

/**
 * WhatsApp Cloud API: the local Graph API stand-in's phone number id and token, and the Meta app's
 * secret (signs webhooks; the contract's test vector) and verify token. Well known; a hosted
 * project sets its own.
 */
export const WHATSAPP = {
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '27100000001',
  accessToken: 'local-whatsapp-access-token',
  appSecret: 'local-whatsapp-app-secret-for-development-only',
  verifyToken: 'local-whatsapp-verify-token',
  template: 'ticket_update',
} as const

/** GoTrue's hard-coded default ES256 signing key, which the CLI uses for user sessions. */
export const SIGNING_JWK = {
  kty: 'EC',
  kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90',
  use: 'sig',
  key_ops: ['sign', 'verify'],
  alg: 'ES256',
  ext: true,
  crv: 'P-256',
  x: 'M5Sjqn5zwC9Kl1zVfUUGvv9boQjCGd45G8sdopBExB4',
  y: 'P6IXMvA2WYXSHSOMTBH2jsw_9rrzGy89FjPf6oOsIxQ',
  d: 'dIhR8wywJlqlua4y_yMq2SLhlFXDZJBCvFrY1DCHyVU',
} as const

export const PUBLIC_JWKS = {
  keys: [
    {
      kty: SIGNING_JWK.kty,
      kid: SIGNING_JWK.kid,
      use: SIGNING_JWK.use,
      key_ops: ['verify'],
      alg: SIGNING_JWK.alg,
      ext: true,
      crv: SIGNING_JWK.crv,
      x: SIGNING_JWK.x,
      y: SIGNING_JWK.y,
    },
  ],
}

export interface StackKeys {
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  jwtSecret: string
  forwarderSecret: string
}

export const stackKeys: StackKeys = {
  anonKey: ANON_KEY,
  serviceRoleKey: SERVICE_ROLE_KEY,
  publishableKey: PUBLISHABLE_KEY,
  secretKey: SECRET_KEY,
  jwtSecret: JWT_SECRET,
  forwarderSecret: FORWARDER_SECRET,
}
