import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { testStack } from '../src/testing.js'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

/** One stack per run, on non-default ports and a throwaway data dir, so a dev stack can keep running. */
const stack = testStack({
  rootDir: FIXTURES,
  name: 'local-supabase-test',
  ports: { first: 40000, blocks: 500 },
  config: {
    // Every test signs in from 127.0.0.1; test/auth-hardening.test.ts and auth-mfa-limits.test.ts
    // check the limits themselves.
    auth: {
      refresh_token_reuse_interval: 1,
      email: { max_frequency: 2 },
      rate_limit: { sign_in_sign_ups: 100_000, mfa_challenge_and_verify: 100_000 },
    },
  },
})

export async function setup(project: TestProject): Promise<void> {
  // .env files are git-ignored; the fixture's is written here so a fresh clone has it.
  writeFileSync(path.join(FIXTURES, 'supabase/functions/.env'), 'FIXTURE_SECRET=from-dotenv\n')
  await stack.setup(project)
}

export const teardown = stack.teardown
