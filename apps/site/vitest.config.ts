import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'vitest/config'

// Tests run where the server runs. `server-only` guards client bundles, so here it resolves to its
// empty server build.
const serverOnly = join(dirname(createRequire(import.meta.url).resolve('server-only')), 'empty.js')

// Next compiles JSX itself (tsconfig `jsx: preserve`); the component tests need React's runtime.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { 'server-only': serverOnly } },
})
