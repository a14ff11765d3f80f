// Runs before the app's modules in the browser. Zod probes `new Function` to decide whether to
// compile its parsers; under the CSP (no 'unsafe-eval') the probe is blocked and reported as a
// violation even though zod catches it. Jitless parsing is plenty fast for our form-sized payloads.
// Zod reads its settings from this global when it first loads (zod/v4/core `globalConfig`), so
// setting it here keeps zod itself out of every page's bundle: only pages with a form load it.
// packages/schemas/src/zod-config.test.ts guards that zod still honours it.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true }
