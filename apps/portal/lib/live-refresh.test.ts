import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MIN_GAP_MS, refreshPacer, SETTLE_MS } from './live-refresh'

describe('refreshPacer', () => {
  let hidden = false
  const refresh = vi.fn()
  beforeEach(() => {
    vi.useFakeTimers()
    hidden = false
    refresh.mockClear()
  })
  afterEach(() => vi.useRealTimers())
  const pacer = () => refreshPacer(refresh, () => hidden)

  it('makes one refresh of the changes of one save, after they settle', () => {
    const p = pacer()
    p.changed()
    p.changed()
    vi.advanceTimersByTime(SETTLE_MS - 1)
    expect(refresh).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('keeps refreshes MIN_GAP_MS apart, and a steady stream of changes cannot put one off', () => {
    const p = pacer()
    p.changed()
    vi.advanceTimersByTime(SETTLE_MS)
    expect(refresh).toHaveBeenCalledTimes(1)
    // A change every 100 ms for 5 s: refreshes every MIN_GAP_MS, not one per change, not none.
    for (let t = 0; t < 5000; t += 100) {
      p.changed()
      vi.advanceTimersByTime(100)
    }
    vi.advanceTimersByTime(MIN_GAP_MS)
    expect(refresh.mock.calls.length).toBeGreaterThanOrEqual(3)
    expect(refresh.mock.calls.length).toBeLessThanOrEqual(1 + Math.ceil(5000 / MIN_GAP_MS) + 1)
  })

  it('refreshes after a quiet spell as soon as the changes settle', () => {
    const p = pacer()
    p.changed()
    vi.advanceTimersByTime(SETTLE_MS + MIN_GAP_MS)
    p.changed()
    vi.advanceTimersByTime(SETTLE_MS)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('waits while the tab is hidden and refreshes once when it is seen again', () => {
    const p = pacer()
    hidden = true
    p.changed()
    p.changed()
    vi.advanceTimersByTime(10 * MIN_GAP_MS)
    expect(refresh).not.toHaveBeenCalled()
    p.visibilityChanged()
    vi.advanceTimersByTime(10 * MIN_GAP_MS)
    expect(refresh).not.toHaveBeenCalled()
    hidden = false
    p.visibilityChanged()
    vi.advanceTimersByTime(SETTLE_MS)
    expect(refresh).toHaveBeenCalledTimes(1)
    // Seen again with nothing missed: no refresh.
    p.visibilityChanged()
    vi.advanceTimersByTime(10 * MIN_GAP_MS)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('stops', () => {
    const p = pacer()
    p.changed()
    p.stop()
    vi.advanceTimersByTime(10 * MIN_GAP_MS)
    expect(refresh).not.toHaveBeenCalled()
  })
})
