// Create a ticket and record its WhatsApp intent, as the portal does, for 50 customers at once
// (not a test): p50/p95 of the whole step and of each call, and the error count.
//
// The stack runs in its own process (as `npm start` runs it), so this load generator does not
// share the gateway's event loop.
//
//   npm run perf:tickets -w @siyakha/backend           # throwaway stack on random ports
//   PERF_CUSTOMERS=50 PERF_ROUNDS=10 npm run perf:tickets -w @siyakha/backend
//   PERF_API_URL=http://127.0.0.1:54321 npm run perf:tickets …   # a running stack (adds users!)
//   PERF_STACK_PROFILE=/tmp/prof npm run perf:tickets …   # and a CPU profile of the stack's Node
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ANON_KEY, SERVICE_ROLE_KEY } from '@siyakha/local-supabase'
import { ticketMessageText } from '@siyakha/schemas/whatsapp'
import { client, percentile, processTreeCpu, startStackProcess } from './harness'

const CUSTOMERS = Number(process.env.PERF_CUSTOMERS ?? 50)
const ROUNDS = Number(process.env.PERF_ROUNDS ?? 10)
/** Tells this run's users apart from earlier runs' on a reused stack. */
const RUN = Date.now().toString(36)

const dataDir = mkdtempSync(path.join(tmpdir(), 'siyakha-ticket-load-'))
let child: ChildProcess | undefined
try {
  const running = process.env.PERF_API_URL
  const stack = running ? { api: running, child: undefined } : await startStackProcess(dataDir)
  child = stack.child
  const { api } = stack
  const anonKey = ANON_KEY
  const serviceRoleKey = SERVICE_ROLE_KEY
  const admin = client(api, serviceRoleKey)

  // Customers, signed in the way the portal signs them in.
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const email = `load-${RUN}-${i}@example.com`
      const { error } = await admin.auth.admin.createUser({
        email,
        password: 'Password123!',
        email_confirm: true,
      })
      if (error) throw error
      const c = client(api, anonKey)
      const { data, error: signInError } = await c.auth.signInWithPassword({
        email,
        password: 'Password123!',
      })
      if (signInError || !data.user) throw signInError ?? new Error('no user')
      return { c, userId: data.user.id }
    }),
  )

  // Warm the function worker (first call boots Deno) so the numbers are steady-state.
  {
    const first = customers[0]
    if (!first) throw new Error('PERF_CUSTOMERS must be at least 1')
    const { c, userId } = first
    const { data } = await c
      .from('tickets')
      .insert({ summary: 'warm-up', created_by_user_id: userId })
      .select('id')
      .single()
      .throwOnError()
    await c.functions.invoke('messages-intent', {
      body: { ticket_id: data.id, phoneE164: '+27820000001', message: 'warm-up', tracking_ref: null },
    })
  }

  const total: number[] = []
  const create: number[] = []
  const intent: number[] = []
  let errors = 0
  // The CPU each process spends on the flows alone (signing the customers up is bcrypt's work).
  const cpuBefore = child?.pid ? processTreeCpu(child.pid) : undefined
  const ownBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    customers.map(async ({ c, userId }, i) => {
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now()
        const { data: ticket, error } = await c
          .from('tickets')
          .insert({
            summary: `Printer offline (${i}/${round})`,
            details: 'Load test',
            created_by_user_id: userId,
          })
          .select('id, tracking_ref')
          .single()
        const t1 = performance.now()
        if (error || !ticket) {
          errors++
          continue
        }
        const { data: recorded, error: intentError } = await c.functions.invoke('messages-intent', {
          body: {
            ticket_id: ticket.id,
            phoneE164: '+27820000001',
            message: ticketMessageText('Our printer is offline again.', ticket.tracking_ref),
            tracking_ref: ticket.tracking_ref,
          },
        })
        const t2 = performance.now()
        if (intentError || !recorded?.id) {
          errors++
          continue
        }
        create.push(t1 - t0)
        intent.push(t2 - t1)
        total.push(t2 - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = child?.pid ? processTreeCpu(child.pid) : undefined
  const own = process.cpuUsage(ownBefore)
  const row = (xs: number[]) => ({ p50: Math.round(percentile(xs, 50)), p95: Math.round(percentile(xs, 95)) })
  console.log(
    `${CUSTOMERS} concurrent customers × ${ROUNDS} rounds: ${total.length} flows in ${seconds.toFixed(1)} s, ${errors} errors`,
  )
  console.table({
    'create ticket (REST, RLS)': row(create),
    'record intent (function)': row(intent),
    both: row(total),
  })
  if (cpuBefore && cpuAfter && total.length) {
    // Server CPU per flow by process: what a faster flow has to take away (docs/database-performance.md).
    const perFlow = (ms: number) => `${(ms / total.length).toFixed(1)} ms`
    const split: Record<string, string> = {}
    for (const [kind, ms] of Object.entries(cpuAfter)) split[kind] = perFlow(ms - (cpuBefore[kind] ?? 0))
    split['load generator'] = perFlow((own.user + own.system) / 1000)
    console.log('CPU per flow:', split)
  }
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  rmSync(dataDir, { recursive: true, force: true })
}
