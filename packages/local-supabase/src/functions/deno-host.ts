// Runs inside Deno: loads one edge function and serves the handler it registers with Deno.serve.
type Handler = (req: Request, info?: unknown) => Response | Promise<Response>

const [portArg, entry] = Deno.args
let handler: Handler | undefined
const realServe = Deno.serve.bind(Deno)

;(globalThis as unknown as { EdgeRuntime: unknown }).EdgeRuntime = {
  waitUntil(promise: Promise<unknown>) {
    promise.catch((error) => console.error('EdgeRuntime.waitUntil rejected:', error))
  },
}

// biome-ignore lint/suspicious/noExplicitAny: Deno.serve has several overloads
;(Deno as any).serve = (...args: any[]) => {
  const fn =
    args.find((a) => typeof a === 'function') ??
    args.find((a) => a && typeof a.handler === 'function')?.handler
  handler = fn
  return {
    finished: new Promise(() => undefined),
    shutdown: async () => undefined,
    ref() {},
    unref() {},
    addr: { hostname: '127.0.0.1', port: Number(portArg), transport: 'tcp' },
  }
}

await import(entry as string)
if (!handler) {
  console.error('The function did not call Deno.serve(handler)')
  Deno.exit(3)
}

realServe(
  { port: Number(portArg), hostname: '127.0.0.1', onListen: () => console.log('__LOCAL_SUPABASE_READY__') },
  async (req, info) => {
    try {
      return await (handler as Handler)(req, info)
    } catch (error) {
      console.error(error)
      return new Response(
        JSON.stringify({
          code: 'WORKER_ERROR',
          message: 'Function exited due to an error (please check logs)',
        }),
        {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        },
      )
    }
  },
)
