// Types for lib/csp-cache-handler.mjs (plain JavaScript: Next loads it at run time).
export const POLICY_ENV: string
export function inlineScriptHashes(html: string): string[]
export function withScriptHashes(policy: string, hashes: readonly string[]): string
export function withPagePolicy<T>(value: T, policy?: string): T
declare const PageCspCache: new (
  ...args: unknown[]
) => {
  get(...args: unknown[]): Promise<unknown>
  set(key: string, data: unknown, ctx: unknown): Promise<void>
}
export default PageCspCache
