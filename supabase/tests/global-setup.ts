import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { testStack } from '@siyakha/local-supabase/testing'

/**
 * The real project (supabase/config.toml, migrations, seed.sql, functions) on the local stack,
 * on throwaway ports and data, so a running dev stack is left alone.
 */
export const { setup, teardown } = testStack({
  rootDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  name: 'siyakha-backend-test',
  ports: { first: 41000, blocks: 400 },
  // Every test signs in from 127.0.0.1; the per-address limit has its own test.
  config: { auth: { rate_limit: { sign_in_sign_ups: 100_000 } } },
  // Outbox retries after ~1 s instead of ~30 s, so the SMTP-down test waits seconds, not minutes.
  functionsEnv: { OUTBOX_RETRY_BASE_SECONDS: '1' },
})
