import type { Input } from './inputs'

const CONCURRENCY = 6
/** Per request: a 5xx is what is looked for, a slow answer is not; a timeout counts as a failure. */
const REQUEST_TIMEOUT_MS = 20_000

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

export async function runAll(
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
