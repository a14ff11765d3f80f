// `npm run doctor`: checks a deployment's configuration from the environment the apps read (the same
// variables, the same defaults: with none set, the local stack and Content Lake of `npm start`) and
// names each missing or wrong piece. Exit 1 when any check fails. docs/deploy.md runs it last.
//
// What it asks, and of whom: the API (reachable, the anon key accepted and not a secret key), the
// service role key (public.configuration_status(): Vault secrets, pg_cron/pg_net, the outbox nudge,
// warnings the database recorded), Storage (the attachments bucket), every edge function under
// supabase/functions (deployed: it answers a CORS preflight) and the health function (which function
// secrets are missing), the Content Lake (the dataset answers a query; the webhook secret is set),
// and the site's own settings (FORWARDER_SECRET, the site and portal URLs, the cookie domain).
// Never prints a secret's value.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { forwarderSecretProblem, isLocalUrl } from '@siyakha/schemas/client-address'
import { LOCAL_FORWARDER_SECRET, parsePublicEnv } from '@siyakha/supabase/env'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The local stack's well-known service role key (packages/local-supabase config/keys.ts). */
async function localServiceRoleKey(): Promise<string> {
  const { SERVICE_ROLE_KEY } = await import('@siyakha/local-supabase')
  return SERVICE_ROLE_KEY
}

type Outcome = 'ok' | 'FAIL' | 'note'
const results: { outcome: Outcome; text: string }[] = []
const report = (outcome: Outcome, text: string) => {
  results.push({ outcome, text })
  console.log(`${outcome.padEnd(4)}  ${text}`)
}
const ok = (text: string) => report('ok', text)
const fail = (text: string) => report('FAIL', text)
const note = (text: string) => report('note', text)

const unset = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)
/** A variable of the environment, or undefined when unset or blank (doctor is not a turbo task: it reads them by name). */
const variable = (name: string) => unset(process.env[name])
const noSlash = (url: string) => url.replace(/\/+$/, '')

/** The answer, or why there was none (never throws: every check reports and the next one runs). */
async function ask(url: string, init: RequestInit = {}): Promise<Response | string> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return cause?.code ?? cause?.message ?? (error as Error).message
  }
}

/** A JWT's role claim, or the kind of an opaque key (`sb_publishable_…`, `sb_secret_…`). */
function keyRole(key: string): string | undefined {
  if (key.startsWith('sb_publishable_')) return 'anon'
  if (key.startsWith('sb_secret_')) return 'service_role'
  const payload = key.split('.')[1]
  if (!payload) return undefined
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).role
  } catch {
    return undefined
  }
}

async function checkSupabase(env: ReturnType<typeof parsePublicEnv>, local: boolean) {
  const api = noSlash(env.NEXT_PUBLIC_SUPABASE_URL)
  const anonKey = env.NEXT_PUBLIC_SUPABASE_ANON_KEY
  const serviceKey =
    variable('SUPABASE_SERVICE_ROLE_KEY') ?? (local ? await localServiceRoleKey() : undefined)

  const settings = await ask(`${api}/auth/v1/settings`, { headers: { apikey: anonKey } })
  if (typeof settings === 'string') {
    fail(`NEXT_PUBLIC_SUPABASE_URL: ${api} is not reachable (${settings})`)
    return
  }
  ok(`NEXT_PUBLIC_SUPABASE_URL: ${api} answers`)
  if (settings.status === 401) fail(`NEXT_PUBLIC_SUPABASE_ANON_KEY: the API refuses it (401)`)
  else if (!settings.ok) fail(`NEXT_PUBLIC_SUPABASE_ANON_KEY: the API answered ${settings.status}`)
  else if (keyRole(anonKey) !== 'anon')
    fail(
      `NEXT_PUBLIC_SUPABASE_ANON_KEY: not the anon (publishable) key: it would ship a ${keyRole(anonKey) ?? 'unknown'} key to every browser`,
    )
  else ok('NEXT_PUBLIC_SUPABASE_ANON_KEY: accepted, the anon key')

  if (!serviceKey) {
    fail('SUPABASE_SERVICE_ROLE_KEY: not set (doctor needs it to read the database’s configuration)')
  } else {
    const status = await ask(`${api}/rest/v1/rpc/configuration_status`, {
      method: 'POST',
      headers: {
        apikey: serviceKey,
        Authorization: `Bearer ${serviceKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ p_project_url: api }),
    })
    if (typeof status === 'string') fail(`SUPABASE_SERVICE_ROLE_KEY: the call failed (${status})`)
    else if (status.status === 401 || status.status === 403)
      fail(`SUPABASE_SERVICE_ROLE_KEY: the API refuses it (${status.status})`)
    else if (status.status === 404)
      fail('public.configuration_status() is missing: push the migrations (npx supabase db push)')
    else if (!status.ok) fail(`public.configuration_status(): the API answered ${status.status}`)
    else {
      ok('SUPABASE_SERVICE_ROLE_KEY: accepted')
      checkDatabase(await status.json(), local)
    }
    const bucket = await ask(`${api}/storage/v1/bucket/ticket-attachments`, {
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    })
    if (typeof bucket !== 'string' && bucket.ok) ok('Storage: the ticket-attachments bucket exists')
    else
      fail(
        `Storage: the ticket-attachments bucket is missing (${typeof bucket === 'string' ? bucket : bucket.status}); push the migrations`,
      )
  }
  await checkFunctions(api, anonKey)
}

interface ConfigurationStatus {
  vault: boolean
  pg_cron: boolean
  pg_net: boolean
  outbox_nudge_trigger: boolean
  secrets: { project_url: boolean; outbox_worker_secret: boolean }
  project_url_matches: boolean | null
  warnings: { name: string; detail: string }[]
}

function checkDatabase(status: ConfigurationStatus, local: boolean) {
  if (!status.vault) {
    if (local) note('Vault: local stand-in: the outbox is driven by the stack')
    else fail('Vault: not available on this database (hosted Supabase projects have it)')
  } else {
    for (const name of ['project_url', 'outbox_worker_secret'] as const) {
      if (status.secrets[name]) ok(`Vault secret ${name}: present`)
      else fail(`Vault secret ${name}: missing (see docs/deploy.md): mail waits in the outbox`)
    }
    if (status.project_url_matches === false)
      fail('Vault secret project_url: differs from NEXT_PUBLIC_SUPABASE_URL: the outbox is nudged elsewhere')
    if (!status.pg_cron || !status.pg_net || !status.outbox_nudge_trigger)
      fail(
        `outbox schedule: pg_cron ${status.pg_cron ? 'on' : 'off'}, pg_net ${status.pg_net ? 'on' : 'off'}, nudge trigger ${status.outbox_nudge_trigger ? 'on' : 'off'}`,
      )
    else ok('outbox schedule: pg_cron, pg_net and the nudge trigger are in place')
  }
  for (const warning of status.warnings) fail(`database warning ${warning.name}: ${warning.detail}`)
}

/** Every function in supabase/functions (a folder with an index.ts, not _shared). */
function functionNames(): string[] {
  const dir = path.join(root, 'supabase/functions')
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .filter((entry) => readdirSync(path.join(dir, entry.name)).includes('index.ts'))
    .map((entry) => entry.name)
    .sort()
}

async function checkFunctions(api: string, anonKey: string) {
  const missing: string[] = []
  for (const name of functionNames()) {
    const answer = await ask(`${api}/functions/v1/${name}`, {
      method: 'OPTIONS',
      // The key as a bearer too: a function with verify_jwt passes the gateway with it.
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${anonKey}`,
        Origin: 'https://doctor.invalid',
        'Access-Control-Request-Method': 'POST',
      },
    })
    if (typeof answer === 'string' || !answer.ok)
      missing.push(`${name} (${typeof answer === 'string' ? answer : answer.status})`)
  }
  if (missing.length > 0)
    fail(`edge functions not deployed: ${missing.join(', ')} (npx supabase functions deploy)`)
  else ok(`edge functions: all ${functionNames().length} answer`)

  const health = await ask(`${api}/functions/v1/health`, { headers: { apikey: anonKey } })
  if (typeof health === 'string' || !health.ok) {
    fail(`function health: no answer (${typeof health === 'string' ? health : health.status})`)
    return
  }
  const body = (await health.json()) as { missing: { name: string; problem: string; without: string }[] }
  for (const item of body.missing) fail(`function secret ${item.name}: ${item.problem}: ${item.without}`)
  if (body.missing.length === 0) ok('function secrets: all set')
}

async function checkContent() {
  const projectId = variable('SANITY_PROJECT_ID')
  const dataset = variable('SANITY_DATASET') ?? 'production'
  const version = variable('SANITY_API_VERSION') ?? '2025-02-19'
  const token = variable('SANITY_API_READ_TOKEN')
  // packages/content/src/env.ts: no project id means the local Content Lake at SANITY_API_HOST.
  const host = projectId
    ? `https://${projectId}.api.sanity.io`
    : noSlash(variable('SANITY_API_HOST') ?? 'http://127.0.0.1:54341')
  const query = `${host}/v${version}/data/query/${encodeURIComponent(dataset)}?query=${encodeURIComponent('count(*)')}`
  const answer = await ask(query, token ? { headers: { Authorization: `Bearer ${token}` } } : {})
  const where = projectId
    ? `Sanity project ${projectId}, dataset ${dataset}`
    : `local Content Lake ${host}, dataset ${dataset}`
  if (typeof answer === 'string') fail(`content: ${where} is not reachable (${answer})`)
  else if (!answer.ok)
    fail(
      `content: ${where} answered ${answer.status}${answer.status === 401 || answer.status === 403 ? ' (SANITY_API_READ_TOKEN, or a private dataset)' : ''}`,
    )
  else ok(`content: ${where} answers (${(await answer.json()).result} documents)`)

  if (!projectId) note('SANITY_REVALIDATE_SECRET: local Content Lake: the well-known local secret')
  else if (variable('SANITY_REVALIDATE_SECRET')) ok('SANITY_REVALIDATE_SECRET: set')
  else fail('SANITY_REVALIDATE_SECRET: not set: the Sanity webhook cannot refresh the site')
}

async function checkSite(env: ReturnType<typeof parsePublicEnv>, local: boolean) {
  const forwarder = variable('FORWARDER_SECRET')
  const problem = forwarderSecretProblem({
    production: true,
    supabaseUrl: env.NEXT_PUBLIC_SUPABASE_URL,
    forwarderSecret: forwarder ?? LOCAL_FORWARDER_SECRET,
  })
  if (problem) fail(`FORWARDER_SECRET: ${forwarder ? problem : 'not set'}`)
  else if (!forwarder && local) note('FORWARDER_SECRET: the local stack’s well-known value')
  else ok('FORWARDER_SECRET: set')

  for (const name of ['NEXT_PUBLIC_SITE_URL', 'NEXT_PUBLIC_PORTAL_URL'] as const) {
    if (!variable(name)) {
      if (local) note(`${name}: not set (default ${env[name]}, not checked)`)
      else fail(`${name}: not set`)
      continue
    }
    const answer = await ask(env[name], { redirect: 'manual' })
    if (typeof answer === 'string') fail(`${name}: ${env[name]} is not reachable (${answer})`)
    else if (answer.status >= 500) fail(`${name}: ${env[name]} answered ${answer.status}`)
    else ok(`${name}: ${env[name]} answers`)
  }

  const domain = env.AUTH_COOKIE_DOMAIN?.replace(/^\./, '').toLowerCase()
  const hosts = [env.NEXT_PUBLIC_SITE_URL, env.NEXT_PUBLIC_PORTAL_URL].map((url) => new URL(url).hostname)
  if (domain) {
    const outside = hosts.filter((host) => host !== domain && !host.endsWith(`.${domain}`))
    if (outside.length > 0) fail(`AUTH_COOKIE_DOMAIN: ${domain} does not cover ${outside.join(', ')}`)
    else ok(`AUTH_COOKIE_DOMAIN: ${domain} covers the site and the portal`)
  } else if (!local && hosts[0] !== hosts[1]) {
    note('AUTH_COOKIE_DOMAIN: not set: the site and the portal do not share the session cookie')
  }
}

async function main() {
  let env: ReturnType<typeof parsePublicEnv>
  try {
    env = parsePublicEnv({
      NEXT_PUBLIC_SUPABASE_URL: variable('NEXT_PUBLIC_SUPABASE_URL'),
      NEXT_PUBLIC_SUPABASE_ANON_KEY: variable('NEXT_PUBLIC_SUPABASE_ANON_KEY'),
      NEXT_PUBLIC_SITE_URL: variable('NEXT_PUBLIC_SITE_URL'),
      NEXT_PUBLIC_PORTAL_URL: variable('NEXT_PUBLIC_PORTAL_URL'),
      AUTH_COOKIE_DOMAIN: variable('AUTH_COOKIE_DOMAIN'),
    })
  } catch (error) {
    fail((error as Error).message)
    return
  }
  const local = isLocalUrl(env.NEXT_PUBLIC_SUPABASE_URL)
  console.log(
    `Checking ${local ? 'the local stand-ins' : 'a hosted deployment'} (${env.NEXT_PUBLIC_SUPABASE_URL})`,
  )
  await checkSupabase(env, local)
  await checkContent()
  await checkSite(env, local)
}

await main()
const failed = results.filter((result) => result.outcome === 'FAIL').length
console.log(failed === 0 ? '\nAll checks passed.' : `\n${failed} check${failed === 1 ? '' : 's'} failed.`)
process.exitCode = failed === 0 ? 0 : 1
