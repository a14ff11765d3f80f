import { spawn } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openLake } from './lake.js'
import { datasetFiles } from './log.js'
import { createTestSetup, production, type TestSetup } from './test-lake.js'

const coreDir = dirname(fileURLToPath(import.meta.url))

let setup: TestSetup | undefined
afterEach(() => {
  setup?.dispose()
  setup = undefined
})

/** Commits forever, printing each transaction id once its commit resolved. */
const CHILD = `
import { openLake } from ${JSON.stringify(join(coreDir, 'lake.ts'))}
const lake = await openLake({ ...JSON.parse(process.argv[2]), compactEvery: 7 })
const dataset = lake.dataset('production')
for (let i = 0; ; i++) {
  await dataset.mutate([{ patch: { id: 'post-1', set: { counter: i } } }, { create: { _id: 'c-' + i, _type: 'n', i } }], { transactionId: 'k' + i })
  process.stdout.write('acked k' + i + '\\n')
}
`

function runUntilKilled(script: string, options: object, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
      cwd: coreDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const acked: string[] = []
    let stderr = ''
    let buffered = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) acked.push(line.replace(/^acked /, ''))
      if (acked.length >= acks && !child.killed) child.kill('SIGKILL')
    })
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acked)
      else reject(new Error(`child ended without being killed: ${stderr}`))
    })
  })
}

describe('durability', () => {
  it('keeps every acknowledged commit when the process is SIGKILLed', async () => {
    setup = createTestSetup()
    const script = join(setup.root, 'child.mts')
    writeFileSync(script, CHILD)
    const acked = await runUntilKilled(script, setup.options, 40)
    expect(acked.length).toBeGreaterThanOrEqual(40)
    const lake = await setup.open()
    const dataset = production(lake)
    const last = Number(acked.at(-1)?.slice(1))
    const post = dataset.getDocuments(['post-1'])[0]
    expect(post?.counter).toBeGreaterThanOrEqual(last)
    expect(post?._rev).toBe(`k${post?.counter}`)
    const created = dataset.getDocuments(acked.map((id) => `c-${id.slice(1)}`))
    expect(created.every(Boolean)).toBe(true)
    expect(
      dataset
        .historyTransactions(['post-1'], {})
        .map((t) => t.id)
        .slice(0, acked.length),
    ).toEqual(acked)
    await lake.close()
  })

  it('ignores a torn last line and replays the rest over an older snapshot', async () => {
    setup = createTestSetup()
    const files = datasetFiles(join(setup.options.dataDir, 'production'))
    const first = await setup.open()
    const seedSnapshot = readFileSync(files.documents, 'utf8')
    const seedMeta = readFileSync(files.meta, 'utf8')
    await production(first).mutate([{ patch: { id: 'post-1', set: { title: 'one' } } }], {
      transactionId: 'a',
    })
    await production(first).mutate([{ delete: { id: 'person-1' } }], { transactionId: 'b' })
    await first.close()
    // As if killed before the snapshot and while writing a third line.
    writeFileSync(files.documents, seedSnapshot)
    writeFileSync(files.meta, seedMeta)
    appendFileSync(files.transactions, '{"seq":3,"id":"torn","timestamp":"2026-')

    const second = await setup.open()
    const dataset = production(second)
    expect(dataset.getDocuments(['post-1', 'person-1'])).toEqual([
      expect.objectContaining({ title: 'one', _rev: 'a' }),
      undefined,
    ])
    expect(readFileSync(files.transactions, 'utf8').endsWith('}\n')).toBe(true)
    await dataset.mutate([{ patch: { id: 'post-1', set: { title: 'two' } } }], { transactionId: 'c' })
    await second.close()

    const third = await setup.open()
    expect(production(third).getDocuments(['post-1'])[0]).toMatchObject({ title: 'two', _rev: 'c' })
    await third.close()
  })

  it('replays idempotently over a snapshot that already holds the transactions', async () => {
    setup = createTestSetup()
    const files = datasetFiles(join(setup.options.dataDir, 'production'))
    const first = await setup.open()
    const seedMeta = readFileSync(files.meta, 'utf8')
    const dataset = production(first)
    await dataset.mutate([{ create: { _id: 'x', _type: 'n', n: 1 } }])
    await dataset.mutate([{ patch: { id: 'x', inc: { n: 1 } } }])
    await dataset.mutate([{ delete: { id: 'x' } }])
    await dataset.mutate([{ create: { _id: 'x', _type: 'n', n: 10 } }])
    await dataset.mutate([{ patch: { id: 'x', inc: { n: 1 } } }])
    const expected = await dataset.query('*', {}, { perspective: 'raw' })
    await first.close()
    // As if killed after renaming the snapshot but before meta.json recorded it.
    writeFileSync(files.meta, seedMeta)
    const second = await setup.open()
    expect(await production(second).query('*', {}, { perspective: 'raw' })).toEqual(expected)
    await second.close()
  })

  it('compacts every N transactions without losing the log', async () => {
    setup = createTestSetup()
    const lake = await openLake({ ...setup.options, compactEvery: 2 })
    const dataset = production(lake)
    for (let i = 0; i < 5; i++)
      await dataset.mutate([{ patch: { id: 'post-1', set: { i } } }], { transactionId: `t${i}` })
    const files = datasetFiles(join(setup.options.dataDir, 'production'))
    const meta = JSON.parse(readFileSync(files.meta, 'utf8'))
    expect(meta.snapshotSeq).toBeGreaterThanOrEqual(4)
    expect(readFileSync(files.documents, 'utf8')).toContain('"i":3')
    expect(readFileSync(files.transactions, 'utf8').trim().split('\n')).toHaveLength(5)
    await lake.close()
  })
})
