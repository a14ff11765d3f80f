import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { ANON_KEY, SUPABASE_URL } from '../fixtures/stack'
import { PORTAL_ORIGIN, PUBLIC_ROUTES, SITE_ORIGIN } from '../site'
import { actionIds, FUNCTION_SHAPES, pageQuery, restQuery, TABLES } from './targets'
import { body, encode, forwardedFor, headerText, hostileString, hostileValue, ONE_MB } from './values'

// The generated requests, one generator per kind of entry point, each with its own fixed seed.

const FORWARDER_SECRET = 'local-forwarder-secret-for-development-only'
/** The local stack's inbound-mail webhook secret: signed inputs get past the signature check. */
const RESEND_WEBHOOK_SECRET = 'whsec_bG9jYWwtaW5ib3VuZC13ZWJob29rLXNlY3JldC1kZXY='

/** The local Meta app secret: signed inputs get past whatsapp-webhook's signature check. */
const WHATSAPP_APP_SECRET = 'local-whatsapp-app-secret-for-development-only'

function svixHeaders(body: string): Record<string, string> {
  const id = `msg_fuzz_${Math.random().toString(36).slice(2)}`
  const timestamp = String(Math.floor(Date.now() / 1000))
  const key = Buffer.from(RESEND_WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}` }
}
export const SEED = Number(process.env.FUZZ_SEED ?? 20261123)

export interface Input {
  target: string
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

export interface Tokens {
  customer: string
  staff: string
  admin: string
  cookies: { customer: string; staff: string; admin: string }
}

export function functionInputs(tokens: Tokens, count: number): Input[] {
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
  // Correctly signed inbound-mail events with hostile content: what gets past the signature must
  // not break the function either.
  const inbound = fc
    .oneof(
      fc
        .tuple(fc.constantFrom('email.received', 'email.bounced'), hostileValue)
        .map(([type, emailId]) => JSON.stringify({ type, data: { email_id: emailId } })),
      body(['type', 'data']).map((text) => text ?? ''),
    )
    .map(
      (payload): Input => ({
        target: 'function inbound-email (signed)',
        url: `${SUPABASE_URL}/functions/v1/inbound-email`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...svixHeaders(payload) },
        body: payload,
      }),
    )
  // Correctly signed WhatsApp events whose messages and statuses carry hostile values.
  const whatsapp = fc
    .tuple(hostileValue, hostileValue, hostileValue, fc.boolean())
    .map(([from, text, status, asStatus]) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  metadata: { phone_number_id: '100000000000001' },
                  ...(asStatus
                    ? {
                        statuses: [
                          {
                            id: `wamid.${typeof text === 'string' ? text.slice(0, 40) : 'x'}`,
                            status,
                            timestamp: from,
                          },
                        ],
                      }
                    : {
                        messages: [
                          {
                            from,
                            id: `wamid.fuzz${Math.random()}`,
                            type: 'text',
                            timestamp: status,
                            text: { body: text },
                          },
                        ],
                      }),
                },
              },
            ],
          },
        ],
      }),
    )
    .map(
      (payload): Input => ({
        target: 'function whatsapp-webhook (signed)',
        url: `${SUPABASE_URL}/functions/v1/whatsapp-webhook`,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(payload).digest('hex')}`,
        },
        body: payload,
      }),
    )
  return [
    ...fc.sample(arbitrary, { numRuns: Math.round(count * 0.75), seed: SEED }),
    ...fc.sample(pageViews, { numRuns: Math.round(count * 0.15), seed: SEED + 1 }),
    ...fc.sample(inbound, { numRuns: Math.round(count * 0.05), seed: SEED + 2 }),
    ...fc.sample(whatsapp, { numRuns: Math.round(count * 0.05), seed: SEED + 3 }),
  ]
}

/**
 * The number every forged WhatsApp sender of a run writes from (one, so Ref-less messages open at
 * most a few tickets in the queue): a number nobody proved for anything.
 */
export const FORGED_WHATSAPP_NUMBER = `2789${String(SEED % 10_000_000).padStart(7, '0')}`

/**
 * Correctly signed WhatsApp messages from a sender pretending to be someone else: the seeded
 * customers' references (with `Ref:`, bare, lower-case), their names as the profile name, reply
 * contexts it cannot hold, and hostile text around them. Meta vouches for the number, so none of
 * this may put words on a customer's timeline or prove the number for anyone.
 */
export function forgedWhatsappInputs(count: number): Input[] {
  const forged = fc
    .tuple(
      hostileString,
      fc.constantFrom('Ref: TCK-7Q4M2A', 'TCK-P5L8QC', 'ref: tck-7q4m2a', 'Ref:TCK-ZZZZZ9', '', 'STOP'),
      hostileString,
      fc.constantFrom('Thabo Molefe', 'Siyakha Support', '', 'Acme Clinic'),
      fc.option(fc.constantFrom('wamid.seed-reply', 'wamid.', 'wamid.HBgLMjc4MjU1NTAxMDU'), {
        nil: undefined,
      }),
      fc.nat(),
    )
    .map(([before, ref, after, name, context, n]) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '27100000001', phone_number_id: '100000000000001' },
                  contacts: [{ profile: { name }, wa_id: FORGED_WHATSAPP_NUMBER }],
                  messages: [
                    {
                      from: FORGED_WHATSAPP_NUMBER,
                      id: `wamid.forged${SEED}.${n}.${Math.random().toString(36).slice(2)}`,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body: `${before} ${ref} ${after}` },
                      ...(context ? { context: { from: '27100000001', id: context } } : {}),
                    },
                  ],
                },
              },
            ],
          },
        ],
      }),
    )
    .map(
      (payload): Input => ({
        target: 'function whatsapp-webhook (signed, forged sender)',
        url: `${SUPABASE_URL}/functions/v1/whatsapp-webhook`,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(payload).digest('hex')}`,
        },
        body: payload,
      }),
    )
  return fc.sample(forged, { numRuns: count, seed: SEED + 7 })
}

export function restInputs(tokens: Tokens, count: number): Input[] {
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
          fc.constantFrom(
            'rpc/rate_limit_hit',
            'rpc/hit_page_view',
            'rpc/helpdesk_queue',
            'rpc/staff_members',
            'rpc/no_such_function',
          ),
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

/**
 * The helpdesk queue function as staff (it only reads, so staff may fuzz it): every argument, each
 * a hostile value, a plausible one or missing. Its sort and cursor are spliced into SQL by the
 * function, so this is where an injection or a bad cast would show as a 5xx.
 */
export function queueInputs(tokens: Tokens, count: number): Input[] {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    p_status: fc.constantFrom('active', 'all', 'new', 'closed', 'deleted'),
    p_priority: fc.constantFrom('low', 'urgent', 'panic'),
    p_assignee: fc.oneof(fc.constantFrom('none', 'mine'), fc.uuid()),
    p_company: fc.uuid(),
    p_channel: fc.constantFrom('portal', 'whatsapp', 'fax'),
    p_breached: fc.boolean(),
    p_search: hostileString,
    p_sort: fc.constantFrom('created', 'sla', 'priority', 'company', 'summary; drop table x', 'id'),
    p_descending: fc.boolean(),
    p_cursor_value: fc.oneof(fc.constantFrom('infinity', 'urgent', '2026-01-01T00:00:00Z'), hostileString),
    p_cursor_created_at: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      hostileString,
    ),
    p_cursor_id: fc.oneof(fc.uuid(), hostileString),
    p_backwards: fc.boolean(),
    p_limit: fc.oneof(fc.integer({ min: -10, max: 10_000 }), hostileString),
  }
  const args = fc.record(
    Object.fromEntries(
      Object.entries(plausible).map(([name, value]) => [name, fc.oneof(value, hostileValue)]),
    ) as Record<string, fc.Arbitrary<unknown>>,
    { requiredKeys: [] },
  )
  return fc.sample(
    args.map(
      (payload): Input => ({
        target: 'rest rpc/helpdesk_queue',
        url: `${SUPABASE_URL}/rest/v1/rpc/helpdesk_queue`,
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${tokens.staff}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(payload),
      }),
    ),
    { numRuns: count, seed: SEED + 5 },
  )
}

export function pageInputs(tokens: Tokens, count: number): Input[] {
  const sitePaths = [
    ...PUBLIC_ROUTES,
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/no-such-page',
    '/blog/no-such-post',
    // Paths ending in '/' get a hostile last segment.
    '/blog/',
    '/services/',
    '/projects/',
  ]
  const portalPaths = [
    '/auth',
    '/portal',
    '/portal/my-tickets',
    '/portal/tickets',
    '/portal/helpdesk',
    '/portal/helpdesk/canned-replies',
    '/portal/helpdesk/',
    '/portal/realtime-token',
    '/portal/tickets/',
    '/portal/statement',
    '/portal/helpdesk/statements',
    '/portal/helpdesk/statements/',
    // Acme Clinic (seed.sql): a real statement to download with hostile query strings.
    '/portal/helpdesk/statements/00000000-0000-4000-8000-0000000000c1/csv',
    '/portal/helpdesk/admin',
    '/portal/helpdesk/admin/staff',
    '/portal/helpdesk/admin/companies',
    '/portal/helpdesk/admin/companies/',
    '/portal/helpdesk/admin/contracts',
    '/portal/helpdesk/admin/contracts/',
    '/portal/helpdesk/admin/sla',
    '/portal/helpdesk/admin/log',
  ]
  const arbitrary = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...sitePaths).map((p) => ({ origin: SITE_ORIGIN, path: p, cookie: '' })),
        fc
          .tuple(
            fc.constantFrom(...portalPaths),
            fc.constantFrom('', tokens.cookies.customer, tokens.cookies.staff, tokens.cookies.admin),
          )
          .map(([p, cookie]) => ({ origin: PORTAL_ORIGIN, path: p, cookie })),
      ),
      fc.option(
        fc.oneof(
          fc.uuid(),
          hostileString.map((s) => encode(s.slice(0, 200))),
          // Escapes that do not decode: a lone %, bad hex, truncated or invalid UTF-8.
          fc
            .tuple(
              fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF'),
              fc.string({ maxLength: 8 }),
            )
            .map(([bad, text]) => `${encode(text)}${bad}`),
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

export function actionInputs(count: number): Input[] {
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
