// The functions' health path (issue 44): GET answers which function secrets the project still lacks,
// by name and what goes without each, never a value, so `npm run doctor` and an uptime check see a
// missing piece of configuration before a customer meets it. 200 either way (the functions run);
// `status` says `ok` or `degraded`. verify_jwt off: a monitor calls it without a key, and it holds
// nothing a visitor could use (the names are in the repository's own documentation).
import { missingSettings } from '../_shared/config.ts'
import { json, serve } from '../_shared/http.ts'

serve({
  async GET(req) {
    const missing = missingSettings()
    return json(req, 200, { status: missing.length === 0 ? 'ok' : 'degraded', missing })
  },
})
