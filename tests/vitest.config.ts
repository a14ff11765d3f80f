import { defineConfig } from 'vitest/config'

// Vitest runs the whole-product script tests here (dev-loop/); the browser tests are Playwright's.
export default defineConfig({
  test: {
    include: ['dev-loop/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
})
