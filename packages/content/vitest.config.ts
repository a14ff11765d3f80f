import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'vitest/config'

// Tests run where the server runs. `server-only` guards client bundles, so here it resolves to its
// empty module, as it does under Next's server conditions.
const serverOnly = join(dirname(createRequire(import.meta.url).resolve('server-only')), 'empty.js')

export default defineConfig({
  resolve: { alias: { 'server-only': serverOnly } },
})
