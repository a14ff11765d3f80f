import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiContext } from './context.js'
import { openEventStream } from './sse.js'

function fakeContext() {
  const written: string[] = []
  const closeListeners: (() => void)[] = []
  const res = {
    writeHead: vi.fn(),
    write: (chunk: string) => written.push(chunk) > 0,
    end: vi.fn(),
    once: (_event: 'close', listener: () => void) => closeListeners.push(listener),
  }
  const streams = new Set<{ end(): void }>()
  const ctx = { res, deps: { streams } } as unknown as ApiContext
  const disconnect = () => {
    for (const listener of closeListeners) listener()
  }
  return { ctx, res, written, streams, disconnect }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('openEventStream', () => {
  it('frames events on one data line and beats every 15 s, well inside the client’s 45 s', () => {
    vi.useFakeTimers()
    const { ctx, res, written, streams, disconnect } = fakeContext()
    const stream = openEventStream(ctx)
    expect(res.writeHead).toHaveBeenCalledWith(200, expect.objectContaining({ 'Cache-Control': 'no-cache' }))
    stream.send('mutation', { text: 'two\nlines' }, 'T1#a')
    expect(written).toEqual(['id: T1#a\nevent: mutation\ndata: {"text":"two\\nlines"}\n\n'])
    vi.advanceTimersByTime(45_000)
    expect(written.filter((chunk) => chunk === ':\n\n')).toHaveLength(3)
    expect(streams.size).toBe(1)
    const closed = vi.fn()
    stream.onClose(closed)
    disconnect()
    expect(closed).toHaveBeenCalledOnce()
    expect(streams.size).toBe(0)
    vi.advanceTimersByTime(60_000)
    expect(written.filter((chunk) => chunk === ':\n\n')).toHaveLength(3)
  })
})
