import { createClient, type ListenEvent, type SanityClient } from '@sanity/client'
import type { TestLake } from '../src/testing.js'

export function clientFor(lake: TestLake, apiVersion = '2025-02-19'): SanityClient {
  return createClient(lake.clientConfig(apiVersion))
}

export interface Recorder<T> {
  events: T[]
  /** Resolves with the events so far once `predicate` holds for them. */
  until(predicate: (events: T[]) => boolean, timeoutMs?: number): Promise<T[]>
  stop(): void
}

export type AnyListenEvent = ListenEvent<Record<string, unknown>>

/** Subscribes to `client.listen` and records every event (welcome, mutation, …). */
export function record(
  client: SanityClient,
  query: string,
  params: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
): Recorder<AnyListenEvent> {
  const events: AnyListenEvent[] = []
  const waiters: (() => void)[] = []
  let failure: unknown
  const subscription = client
    .listen(query, params, { events: ['welcome', 'mutation', 'reconnect'], includeResult: false, ...options })
    .subscribe({
      next: (event) => {
        events.push(event as AnyListenEvent)
        for (const waiter of waiters) waiter()
      },
      error: (error: unknown) => {
        failure = error
        for (const waiter of waiters) waiter()
      },
    })
  return {
    events,
    until(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (failure) reject(failure)
          else if (predicate(events)) resolve([...events])
          else return false
          clearTimeout(timer)
          return true
        }
        const timer = setTimeout(
          () => reject(new Error(`timed out; events so far: ${JSON.stringify(events.map((e) => e.type))}`)),
          timeoutMs,
        )
        if (!check()) waiters.push(check)
      })
    },
    stop: () => subscription.unsubscribe(),
  }
}

export const mutations = (events: AnyListenEvent[]) =>
  events.filter((event): event is Extract<AnyListenEvent, { type: 'mutation' }> => event.type === 'mutation')

export const welcomed = (events: AnyListenEvent[]) => events.some((event) => event.type === 'welcome')

export function randomId(prefix = 'test'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The header that makes a raw request the editor's, as the client's `token` option does. */
export const bearer = (lake: TestLake) => ({ Authorization: `Bearer ${lake.options.token}` })
