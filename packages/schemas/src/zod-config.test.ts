import { describe, expect, it } from 'vitest'

// The apps' instrumentation-client.ts files turn zod's JIT off through this global before zod
// loads, without importing zod into every page. If a zod upgrade stops reading it, the CSP
// reports blocked `new Function` probes again; this test says so first.
describe("zod's global configuration", () => {
  it('is read from globalThis.__zod_globalConfig when zod loads', async () => {
    const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
    const before = holder.__zod_globalConfig
    holder.__zod_globalConfig = { ...before, jitless: true }
    try {
      const { config } = await import('zod')
      expect(config().jitless).toBe(true)
      expect(config()).toBe(holder.__zod_globalConfig)
    } finally {
      if (before) holder.__zod_globalConfig = before
    }
  })
})
