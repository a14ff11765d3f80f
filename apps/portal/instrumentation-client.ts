import { config } from 'zod'

// Runs before the app's modules in the browser. Zod probes `new Function` to decide whether to
// compile its parsers; under the CSP (no 'unsafe-eval') the probe is blocked and reported as a
// violation even though zod catches it. Jitless parsing is plenty fast for our form-sized payloads.
config({ jitless: true })
