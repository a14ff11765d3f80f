import { expect, test } from '@playwright/test'
import { ACME_TICKET, ADMIN, AGENT, THABO, THABOS_TICKET } from './fixtures/demo'
import { AUTH_COOKIE, asService, passwordSession, SUPABASE_URL, sessionCookieValue } from './fixtures/stack'
import {
  actionInputs,
  FORGED_WHATSAPP_NUMBER,
  forgedWhatsappInputs,
  functionInputs,
  pageInputs,
  queueInputs,
  restInputs,
  SEED,
  type Tokens,
} from './fuzz/inputs'
import { runAll } from './fuzz/run'

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
 * of other specs can change; the one exception is a forged WhatsApp sender (signed events, as
 * Meta's are), which may only add staff-only notes to the seeded tickets it names and open a
 * ticket of its own: checked after the run.
 */

/** The session cookie @supabase/ssr writes (one chunk is enough for these sessions). */
const sessionCookie = (session: Record<string, unknown>) => `${AUTH_COOKIE}=${sessionCookieValue(session)}`

test('fuzz: no client input gets a 5xx from any entry point', async ({ request }) => {
  test.setTimeout(600_000)
  const customer = await passwordSession(request, THABO)
  const staff = await passwordSession(request, AGENT)
  const admin = await passwordSession(request, ADMIN)
  const tokens: Tokens = {
    customer: customer.access_token,
    staff: staff.access_token,
    admin: admin.access_token,
    cookies: { customer: sessionCookie(customer), staff: sessionCookie(staff), admin: sessionCookie(admin) },
  }
  const inputs = [
    ...functionInputs(tokens, 1000),
    ...restInputs(tokens, 600),
    ...pageInputs(tokens, 300),
    ...queueInputs(tokens, 200),
    ...actionInputs(350),
    ...forgedWhatsappInputs(60),
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

  // The forged WhatsApp sender got nothing in anyone's name: no message of theirs has an author,
  // none is a customer's message on a seeded ticket, and their number is proven for nobody.
  const read = async (path: string) => {
    const response = await request.get(`${SUPABASE_URL}/rest/v1/${path}`, { headers: asService })
    expect(response.status(), path).toBe(200)
    return (await response.json()) as Record<string, unknown>[]
  }
  const forged = await read(
    `ticket_messages?channel=eq.whatsapp&to_from=eq.${encodeURIComponent(`+${FORGED_WHATSAPP_NUMBER}`)}&select=ticket_id,direction,created_by`,
  )
  expect(forged.length).toBeGreaterThan(0)
  expect(forged.filter((m) => m.created_by !== null)).toEqual([])
  expect(
    forged.filter(
      (m) => (m.ticket_id === THABOS_TICKET || m.ticket_id === ACME_TICKET) && m.direction !== 'internal',
    ),
  ).toEqual([])
  expect(
    await read(`whatsapp_verified_numbers?phone_e164=eq.${encodeURIComponent(`+${FORGED_WHATSAPP_NUMBER}`)}`),
  ).toEqual([])
})
