import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { PORTAL_ORIGIN, PUBLIC_ROUTES, SITE_ORIGIN } from './site'

/*
 * Property-based fuzzing of every public entry point on the running stack and the built apps:
 * the edge functions, the REST tables, the apps' pages with hostile query strings, and Server
 * Action posts (unknown and malformed ids, garbage and oversized bodies, foreign origins). The
 * property: no input a client can send gets an answer in the 5xx range. Loopback only, bounded in
 * count and time; a fixed seed makes a failure reproducible (FUZZ_SEED picks another run).
 *
 * Every request carries its own X-Forwarded-For entry (the tests play the proxy in front of the
 * apps and the gateway, see tests/e2e/functions.env), so the fuzz never uses up the rate limits
 * of the other specs' addresses. Writes go out with the anon key only, so no data of the seed or
 * of other specs can change.
 */

const SUPABASE_URL = process.env.E2E_SUPABASE_URL ?? 'http://127.0.0.1:54321'
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const FORWARDER_SECRET = 'local-forwarder-secret-for-development-only'
const PASSWORD = 'Password123!'
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const CONCURRENCY = 6
/** Per request: a 5xx is what is looked for, a slow answer is not; a timeout counts as a failure. */
const REQUEST_TIMEOUT_MS = 20_000
const ONE_MB = 1024 * 1024

interface Input {
  target: string
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

// ---------- hostile values ----------

const SPECIAL = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\u202E',
  '👍',
  '\r\n',
  "'; drop table tickets; --",
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '\\',
  '"',
  '(',
  '*',
  ',',
  '.',
  'null',
  'eq.',
  'in.(',
]

/** Strings people, bots and broken clients send: unicode, NUL, lone surrogates, very long ones. */
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 8 })), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(201, 255, 4097, 10_001, 50_000, 300_000),
        fc.constantFrom('x', 'é', '👍', '\u0000'),
      )
      .map(([length, unit]) => unit.repeat(length)),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
)

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
)

/** An object with (some of) a payload's keys, every value hostile, plus unexpected keys. */
function shaped(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'company_website', 'action', 'id', 'role'),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }))
}

/** A body as it arrives: JSON of the shape, JSON of anything, broken JSON, or over 1 MB. */
function body(keys: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: shaped(keys).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom('[]', '{}', 'null', '""', '[{}]', '{"a":', '\u0000', '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(ONE_MB + 1, 2 * ONE_MB)
        .map((size) => JSON.stringify({ [keys[0] ?? 'x']: 'x'.repeat(size) })),
    },
  )
}

const octet = fc.integer({ min: 1, max: 254 })
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'))
/** Header values are Latin-1 without controls: what a client can put on the wire. */
const headerText = fc.string({ maxLength: 80 }).map((text) => text.replace(/[^\x20-\x7E]/g, ''))

/** X-Forwarded-For with a fresh last entry (the address that counts) behind whatever a client typed. */
const forwardedFor = fc
  .tuple(fc.option(headerText, { nil: undefined }), ipv4)
  .map(([typed, own]) => (typed ? `${typed}, ${own}` : own))

/** encodeURIComponent, which throws on an unpaired surrogate: that one goes as invalid UTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80')
  }
}

// ---------- targets ----------

const FUNCTION_SHAPES: Record<string, string[]> = {
  'log-support-call': [
    'full_name',
    'contact_number',
    'whatsapp_number',
    'email',
    'category',
    'description',
    'preferred_channel',
  ],
  'quote-request': ['full_name', 'company', 'email', 'phone', 'service', 'message'],
  'newsletter-subscribe': ['email', 'action', 'token'],
  'messages-intent': ['ticket_id', 'phoneE164', 'message', 'tracking_ref'],
  'messages-mark-sent': ['messageId', 'ticketId'],
  'create-company-admin': ['company_name', 'admin_email', 'make_superadmin'],
}

const TABLES = [
  'tickets',
  'ticket_messages',
  'support_requests',
  'quote_requests',
  'newsletter_subscribers',
  'page_views',
  'companies',
  'company_members',
  'user_roles',
  'staff_directory',
  'no_such_table',
]
const COLUMNS = ['id', 'status', 'summary', 'body', 'email', 'created_at', 'count', 'name', 'nope', '*']
const OPERATORS = ['eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'in', 'is', 'cs', 'fts', 'not.eq', 'or', 'bogus']

/** PostgREST query strings: select, filters with hostile operands, order, limit, garbage keys. */
const restQuery = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constant('select'), fc.oneof(fc.constantFrom(...COLUMNS), hostileString)),
      fc.tuple(
        fc.constantFrom(...COLUMNS),
        fc.tuple(fc.constantFrom(...OPERATORS), hostileString).map(([op, v]) => `${op}.${v}`),
      ),
      fc.tuple(
        fc.constant('order'),
        fc.oneof(fc.constantFrom('id.desc', 'created_at.asc.nullslast'), hostileString),
      ),
      fc.tuple(fc.constantFrom('limit', 'offset'), fc.oneof(fc.integer().map(String), hostileString)),
      fc.tuple(
        fc.constantFrom('or', 'and'),
        hostileString.map((v) => `(${v})`),
      ),
      fc.tuple(hostileString, hostileString),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const query = new URLSearchParams()
    for (const [key, value] of pairs) query.append(key, value.slice(0, 2000))
    return query.toString()
  })

/** Query strings for the apps' pages: the params they read, plus anything else. */
const pageQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'q',
          'status',
          'page',
          'mine',
          'from',
          'token',
          'next',
          'tab',
          'category',
          'redirect',
        ),
        hostileString,
      ),
      hostileString,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const query = new URLSearchParams()
    for (const [key, value] of pairs) query.append(key, value.slice(0, 3000))
    return query.toString()
  })

// The apps' real Server Action ids, so the fuzz reaches the action bodies and not only the id check.
function actionIds(app: 'site' | 'portal'): string[] {
  try {
    const file = path.join(
      import.meta.dirname,
      `../../apps/${app}/.next/server/server-reference-manifest.json`,
    )
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { node?: Record<string, unknown> }
    return Object.keys(manifest.node ?? {})
  } catch {
    return []
  }
}

// ---------- the generated inputs ----------

interface Tokens {
  customer: string
  staff: string
  admin: string
  cookies: { customer: string; staff: string }
}

function functionInputs(tokens: Tokens, count: number): Input[] {
  const names = Object.keys(FUNCTION_SHAPES)
  const arbitrary = fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE'),
      fc.constantFrom(ANON_KEY, tokens.customer, tokens.admin, 'garbage.token.value', ''),
      forwardedFor,
      fc.option(fc.tuple(headerText, fc.constantFrom(FORWARDER_SECRET, 'a-guess')), { nil: undefined }),
      fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
    )
    .chain(([name, method, token, xff, vouch, contentType]) =>
      body(FUNCTION_SHAPES[name] as string[]).map(
        (payload): Input => ({
          target: `function ${name}`,
          url: `${SUPABASE_URL}/functions/v1/${name}`,
          method,
          headers: {
            apikey: ANON_KEY,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            'x-forwarded-for': xff,
            ...(vouch ? { 'x-visitor-address': vouch[0], 'x-forwarder-secret': vouch[1] } : {}),
            ...(contentType ? { 'Content-Type': contentType } : {}),
          },
          body: method === 'GET' ? undefined : payload,
        }),
      ),
    )
  const pageViews = fc
    .tuple(
      fc.oneof(
        pageQuery,
        fc
          .tuple(hostileString, hostileString)
          .map(([ns, key]) => new URLSearchParams({ ns, key, op: 'hit' }).toString()),
      ),
      forwardedFor,
      fc.boolean(),
    )
    .map(
      ([query, xff, pathForm]): Input => ({
        target: 'function page-views',
        url: pathForm
          ? `${SUPABASE_URL}/functions/v1/page-views/hit/${encode(query.slice(0, 50))}/${query.slice(0, 100)}`
          : `${SUPABASE_URL}/functions/v1/page-views?${query}`,
        method: 'GET',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'x-forwarded-for': xff },
      }),
    )
  return [
    ...fc.sample(arbitrary, { numRuns: Math.round(count * 0.85), seed: SEED }),
    ...fc.sample(pageViews, { numRuns: Math.round(count * 0.15), seed: SEED + 1 }),
  ]
}

function restInputs(tokens: Tokens, count: number): Input[] {
  const arbitrary = fc
    .tuple(
      fc.constantFrom(...TABLES),
      fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
      restQuery,
      fc.constantFrom('anon', 'customer', 'staff'),
      fc.option(
        fc.constantFrom(
          'return=representation',
          'count=exact',
          'resolution=merge-duplicates',
          'return=minimal',
          'garbage',
        ),
        {
          nil: undefined,
        },
      ),
      fc.option(
        fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', 'garbage/type'),
        {
          nil: undefined,
        },
      ),
      body(['id', 'summary', 'body', 'email', 'status', 'name']),
      fc.option(
        fc.tuple(
          fc.constantFrom('rpc/rate_limit_hit', 'rpc/hit_page_view', 'rpc/no_such_function'),
          hostileString,
        ),
        {
          nil: undefined,
        },
      ),
    )
    .map(([table, method, query, who, prefer, accept, payload, rpc]): Input => {
      // Writes only ever as anon: the fuzz must not change what the seed and the other specs own.
      const role = method === 'GET' || method === 'HEAD' ? who : 'anon'
      const token = role === 'customer' ? tokens.customer : role === 'staff' ? tokens.staff : ANON_KEY
      return {
        target: rpc ? `rest ${rpc[0]}` : `rest ${table}`,
        url: `${SUPABASE_URL}/rest/v1/${rpc ? rpc[0] : table}?${query}`,
        method: rpc ? 'POST' : method,
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          ...(prefer ? { Prefer: prefer } : {}),
          ...(accept ? { Accept: accept } : {}),
        },
        body: method === 'GET' || method === 'HEAD' ? undefined : payload,
      }
    })
  return fc.sample(arbitrary, { numRuns: count, seed: SEED + 2 })
}

function pageInputs(tokens: Tokens, count: number): Input[] {
  const sitePaths = [
    ...PUBLIC_ROUTES,
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/no-such-page',
    '/blog/no-such-post',
  ]
  const portalPaths = [
    '/auth',
    '/portal',
    '/portal/my-tickets',
    '/portal/tickets',
    '/portal/helpdesk',
    '/portal/tickets/',
  ]
  const arbitrary = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...sitePaths).map((p) => ({ origin: SITE_ORIGIN, path: p, cookie: '' })),
        fc
          .tuple(
            fc.constantFrom(...portalPaths),
            fc.constantFrom('', tokens.cookies.customer, tokens.cookies.staff),
          )
          .map(([p, cookie]) => ({ origin: PORTAL_ORIGIN, path: p, cookie })),
      ),
      fc.option(
        fc.oneof(
          fc.uuid(),
          hostileString.map((s) => encode(s.slice(0, 200))),
        ),
        { nil: undefined },
      ),
      pageQuery,
      forwardedFor,
    )
    .map(
      ([{ origin, path: pagePath, cookie }, suffix, query, xff]): Input => ({
        target: `page ${origin === SITE_ORIGIN ? 'site' : 'portal'} ${pagePath}`,
        url: `${origin}${pagePath}${pagePath.endsWith('/') && suffix ? suffix : ''}?${query}`,
        method: 'GET',
        headers: { 'x-forwarded-for': xff, ...(cookie ? { Cookie: cookie } : {}) },
      }),
    )
  return fc.sample(arbitrary, { numRuns: count, seed: SEED + 3 })
}

function actionInputs(count: number): Input[] {
  const ids = { site: actionIds('site'), portal: actionIds('portal') }
  const arbitrary = fc
    .tuple(
      fc.constantFrom('site', 'portal'),
      fc.constantFrom('/', '/log-it', '/blog', '/auth', '/portal/tickets', '/portal/helpdesk'),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant('real') },
        { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{40,42}$/) },
        { weight: 1, arbitrary: headerText },
      ),
      fc.constantFrom('same', 'same', 'none', 'cross', 'null', 'garbage'),
      fc.oneof(
        { weight: 4, arbitrary: fc.jsonValue().map((v) => JSON.stringify(Array.isArray(v) ? v : [v])) },
        {
          weight: 2,
          arbitrary: fc.array(hostileValue, { maxLength: 3 }).map((args) => JSON.stringify(args)),
        },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
        { weight: 1, arbitrary: fc.constant('x'.repeat(ONE_MB + 10)) },
      ),
      fc.constantFrom(
        'text/plain;charset=UTF-8',
        'multipart/form-data; boundary=----fuzz',
        'application/json',
      ),
      forwardedFor,
      fc.nat(),
    )
    .map(([app, pagePath, idKind, originKind, payload, contentType, xff, pick]): Input => {
      const origin = app === 'site' ? SITE_ORIGIN : PORTAL_ORIGIN
      const known = ids[app as 'site' | 'portal']
      const id = idKind === 'real' ? (known[pick % Math.max(1, known.length)] ?? '0'.repeat(42)) : idKind
      const originHeader = {
        same: origin,
        none: undefined,
        cross: 'http://evil.example',
        null: 'null',
        garbage: 'not a url',
      }[originKind]
      return {
        target: `action ${app} ${idKind} ${originKind}`,
        url: `${origin}${pagePath}`,
        method: 'POST',
        headers: {
          'Next-Action': id,
          'Content-Type': contentType,
          Accept: 'text/x-component',
          'x-forwarded-for': xff,
          ...(originHeader ? { Origin: originHeader } : {}),
        },
        body: contentType.startsWith('multipart')
          ? `------fuzz\r\nContent-Disposition: form-data; name="1_$ACTION_ID_${id}"\r\n\r\n${payload}\r\n------fuzz--\r\n`
          : payload,
      }
    })
  return fc.sample(arbitrary, { numRuns: count, seed: SEED + 4 })
}

// ---------- running them ----------

/** The answer's status; 0: never sent (fetch refused the URL or a header); -1: connection refused. */
async function send(input: Input): Promise<number> {
  try {
    const response = await fetch(input.url, {
      method: input.method,
      headers: input.headers,
      body: input.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    await response.arrayBuffer().catch(() => undefined)
    return response.status
  } catch (error) {
    // No answer in time: a hang, counted like a 5xx.
    if ((error as Error).name === 'TimeoutError') return 599
    // Refused before it left this machine (an invalid URL or header for fetch): not an input.
    if (error instanceof TypeError && !(error as { cause?: unknown }).cause) return 0
    // The server's HTTP parser closed the connection (e.g. a request line over Node's 16 KB
    // header limit, answered 431 while the rest was still being sent): refused, not a 5xx.
    return -1
  }
}

async function runAll(
  inputs: Input[],
): Promise<{ sent: number; refused: number; failures: { input: Input; status: number }[] }> {
  const failures: { input: Input; status: number }[] = []
  let sent = 0
  let refused = 0
  let next = 0
  async function worker() {
    while (next < inputs.length) {
      const input = inputs[next++] as Input
      const status = await send(input)
      if (status === 0) continue
      sent++
      if (status === -1) refused++
      else if (status >= 500) failures.push({ input, status })
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { sent, refused, failures }
}

async function passwordSession(email: string): Promise<{ access_token: string } & Record<string, unknown>> {
  const response = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(response.ok, `sign in as ${email}`).toBe(true)
  return response.json()
}

/** The session cookie @supabase/ssr writes (one chunk is enough for these sessions). */
function sessionCookie(session: Record<string, unknown>): string {
  const name = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`
  return `${name}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`
}

test('fuzz: no client input gets a 5xx from any entry point', async () => {
  test.setTimeout(600_000)
  const customer = await passwordSession('thabo@example.co.za')
  const staff = await passwordSession('agent@siyakha.example')
  const admin = await passwordSession('admin@siyakha.example')
  const tokens: Tokens = {
    customer: customer.access_token,
    staff: staff.access_token,
    admin: admin.access_token,
    cookies: { customer: sessionCookie(customer), staff: sessionCookie(staff) },
  }
  const inputs = [
    ...functionInputs(tokens, 1000),
    ...restInputs(tokens, 600),
    ...pageInputs(tokens, 300),
    ...actionInputs(350),
  ]
  const { sent, refused, failures } = await runAll(inputs)
  console.log(
    `fuzz: ${sent} inputs, ${failures.length} answers 5xx (seed ${SEED}; ${refused} closed by the server's HTTP parser)`,
  )
  for (const { input, status } of failures.slice(0, 20)) {
    console.log(
      `  ${status} ${input.target}: ${input.method} ${input.url.slice(0, 200)} ${JSON.stringify(input.headers).slice(0, 300)} body ${JSON.stringify(input.body?.slice(0, 200))}`,
    )
  }
  expect(sent).toBeGreaterThanOrEqual(2000)
  expect(failures.length).toBe(0)
})
