/**
 * For the core's tests: a lake on a temp dir with a small seed of its own (two published
 * documents, one draft, one image), so each test starts from a known state in milliseconds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Mutation } from '@sanity/mutator'
import { applyPatch } from 'mendoza'
import { afterEach, beforeEach, expect } from 'vitest'
import { openLake } from './lake.js'
import {
  type CommittedTransaction,
  type DocumentChange,
  type Lake,
  type LakeDataset,
  type LakeDocument,
  LakeError,
  type OpenLakeOptions,
} from './types.js'
import { withoutRev } from './util.js'

export const IMAGE_SHA1 = '0123456789abcdef0123456789abcdef01234567'
export const IMAGE_FILE = `${IMAGE_SHA1}-2x1.png`

export const SEED_DOCUMENTS = [
  {
    _id: 'post-1',
    _type: 'post',
    title: 'First',
    tags: [{ _key: 'a', label: 'one' }],
    image: { _type: 'image', _sanityAsset: `image@file://./images/${IMAGE_FILE}` },
  },
  { _id: 'post-2', _type: 'post', title: 'Second', author: { _type: 'reference', _ref: 'person-1' } },
  { _id: 'drafts.post-2', _type: 'post', title: 'Second (draft)' },
  { _id: 'person-1', _type: 'person', name: 'Thandi' },
]

export interface TestSetup {
  root: string
  options: OpenLakeOptions
  open(): Promise<Lake>
  dispose(): void
}

export function createTestSetup(seed: object[] = SEED_DOCUMENTS): TestSetup {
  const root = mkdtempSync(join(tmpdir(), 'lake-core-'))
  const imagesDir = join(root, 'seed', 'images')
  mkdirSync(imagesDir, { recursive: true })
  writeFileSync(join(imagesDir, IMAGE_FILE), Buffer.from('not really a png'))
  const datasetPath = join(root, 'seed', 'dataset.ndjson')
  writeFileSync(datasetPath, seed.map((doc) => `${JSON.stringify(doc)}\n`).join(''))
  const options: OpenLakeOptions = {
    dataDir: join(root, 'data'),
    projectId: 'local0000',
    seed: { datasetPath, imagesDir },
    publicOrigin: 'https://localhost:54340',
    author: 'p-test',
  }
  return {
    root,
    options,
    open: () => openLake(options),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  }
}

export function production(lake: Lake): LakeDataset {
  const dataset = lake.dataset('production')
  if (!dataset) throw new Error('no production dataset')
  return dataset
}

/** What a listener-side consumer does with a change; both must reproduce `after`. */
export function checkChange(change: DocumentChange, timestamp: string, transactionId: string): void {
  const viaMutations = new Mutation({
    mutations: structuredClone(change.mutations) as never,
    timestamp,
    resultRev: transactionId,
    transactionId,
  }).apply(change.before ? structuredClone(change.before) : null)
  expectEqual(viaMutations, change.after, `mutations of ${change.id}`)
  const strip = (doc: LakeDocument | null) => (doc ? withoutRev(doc) : null)
  expectEqual(
    applyPatch(strip(change.before), change.effects.apply),
    strip(change.after),
    `apply of ${change.id}`,
  )
  expectEqual(
    applyPatch(strip(change.after), change.effects.revert),
    strip(change.before),
    `revert of ${change.id}`,
  )
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const normalise = (value: unknown) => JSON.stringify(sortKeys(value))
  if (normalise(actual) !== normalise(expected)) {
    throw new Error(`${what} differ:\n${normalise(actual)}\n${normalise(expected)}`)
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, child]) => [key, sortKeys(child)]),
    )
  }
  return value
}

/**
 * A lake per test (register at the top of a test file): after each test, every change it
 * committed must let a listener rebuild the document, by its mutations and by its effects.
 */
export function useCheckedDataset() {
  let setup: TestSetup | undefined
  const state = { lake: undefined as unknown as Lake, dataset: undefined as unknown as LakeDataset }
  const seen: CommittedTransaction[] = []
  beforeEach(async () => {
    setup = createTestSetup()
    state.lake = await setup.open()
    state.dataset = production(state.lake)
    seen.length = 0
    state.dataset.subscribe((transaction) => {
      seen.push(transaction)
    })
  })
  afterEach(async () => {
    await state.lake.close()
    setup?.dispose()
    for (const transaction of seen) {
      for (const change of transaction.changes) checkChange(change, transaction.timestamp, transaction.id)
    }
  })
  return {
    get lake() {
      return state.lake
    },
    get dataset() {
      return state.dataset
    },
    seen,
  }
}

/** The LakeError a promise is rejected with (the test fails if it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<LakeError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(LakeError)
  return error as LakeError
}
