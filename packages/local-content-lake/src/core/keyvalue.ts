/** The Studio's per-user settings (contract §3.1): one JSON object, rewritten atomically. */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from './log.js'

export type KeyValuePair = { key: string; value: unknown }

export class KeyValueStore {
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown = null

  private constructor(
    private readonly path: string,
    private readonly values: Map<string, unknown>,
  ) {}

  static async open(path: string): Promise<KeyValueStore> {
    const values = new Map<string, unknown>()
    if (existsSync(path)) {
      const stored = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
      for (const [key, value] of Object.entries(stored)) values.set(key, value)
    }
    return new KeyValueStore(path, values)
  }

  get(keys: string[]): KeyValuePair[] {
    return keys.map((key) => ({ key, value: this.values.has(key) ? this.values.get(key) : null }))
  }

  /**
   * Takes effect immediately for readers; the file follows in order. `flush` waits for it. A
   * failed write is reported by the next `flush` (the close of the lake).
   */
  set(pairs: KeyValuePair[]): KeyValuePair[] {
    for (const { key, value } of pairs) this.values.set(key, value)
    const snapshot = `${JSON.stringify(Object.fromEntries(this.values), null, 2)}\n`
    this.writing = this.writing
      .then(() => writeFileAtomic(this.path, snapshot))
      .catch((error: unknown) => {
        // set() already answered; the failure surfaces in the log now and from flush() at close.
        console.error(`local-content-lake: could not write ${this.path}`, error)
        this.failure = error
      })
    return pairs.map(({ key }) => ({ key, value: this.values.get(key) }))
  }

  async flush(): Promise<void> {
    await this.writing
    if (this.failure) throw this.failure
  }
}
