import { defineConfig } from 'vitest/config'

// `npm run test:watch` (not named vitest.config.ts: the workspaces without a config of their own
// would find it above them): every workspace's Vitest suite in one watching process, so the local
// stacks their global setups start are started once and kept while files change. The browser
// tests (tests/) are Playwright's.
export default defineConfig({
  test: {
    projects: ['apps/*', 'packages/*', 'studio', 'supabase', 'tooling/*'],
  },
})
