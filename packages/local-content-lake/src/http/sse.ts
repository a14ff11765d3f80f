import type { ApiContext } from './context.js'

// The client's polyfill gives up after 45 s without a byte.
const HEARTBEAT_MS = 15_000

export interface EventStream {
  send(event: string, data: unknown, id?: string): void
  end(): void
  readonly closed: boolean
  /** Runs once, when the client goes away or the stream is ended. */
  onClose(callback: () => void): void
}

/** Opens a text/event-stream response that stays open, with a comment line as heartbeat. */
export function openEventStream(ctx: ApiContext): EventStream {
  const { res, deps } = ctx
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
  })
  const callbacks: (() => void)[] = []
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    deps.streams.delete(stream)
    for (const callback of callbacks) callback()
  }
  const heartbeat = setInterval(() => res.write(':\n\n'), HEARTBEAT_MS)
  const stream: EventStream = {
    send(event, data, id) {
      if (closed) return
      // JSON.stringify never emits raw newlines, so every payload stays one `data:` line.
      res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    end() {
      if (closed) return
      close()
      res.end()
    },
    get closed() {
      return closed
    },
    onClose(callback) {
      callbacks.push(callback)
    },
  }
  deps.streams.add(stream)
  res.once('close', close)
  return stream
}
