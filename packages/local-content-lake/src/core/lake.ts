/**
 * Opens (creating and seeding on first start) every dataset under `dataDir`. Layout per dataset:
 * `<dataDir>/<dataset>/{documents.ndjson, transactions.ndjson, meta.json, assets/}`, plus the
 * global `<dataDir>/keyvalue.json` and `<dataDir>/lake.lock` (the pid of the open lake).
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Dataset } from './dataset.js'
import { KeyValueStore } from './keyvalue.js'
import {
  createEmptyLog,
  datasetFiles,
  LOG_FORMAT,
  readLog,
  readMeta,
  syncDirectory,
  writeMeta,
  writeSnapshot,
} from './log.js'
import { buildSeed, seedHash } from './seed.js'
import type { Lake, LakeDataset, OpenLakeOptions } from './types.js'

export interface OpenLakeExtraOptions {
  /** Snapshot every N transactions (default 500). */
  compactEvery?: number
}

const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/
const LOCK_FILE = 'lake.lock'
const KEYVALUE_FILE = 'keyvalue.json'

export async function openLake(options: OpenLakeOptions & OpenLakeExtraOptions): Promise<Lake> {
  const { dataDir } = options
  await mkdir(dataDir, { recursive: true })
  await acquireLock(dataDir)
  try {
    return await openDatasets(options)
  } catch (error) {
    await releaseLock(dataDir)
    throw error
  }
}

async function openDatasets(options: OpenLakeOptions & OpenLakeExtraOptions): Promise<Lake> {
  const { dataDir } = options
  const configured = options.datasets ?? ['production']
  for (const name of configured) {
    if (!DATASET_NAME.test(name)) throw new Error(`Invalid dataset name "${name}"`)
  }
  const names = [...new Set([...configured, ...(await existingDatasets(dataDir))])]
  const datasets = new Map<string, Dataset>()
  for (const name of names) {
    const dir = join(dataDir, name)
    const seeded = name === configured[0]
    const target = { projectId: options.projectId, dataset: name, publicOrigin: options.publicOrigin }
    const hash = seeded ? await seedHash(options.seed, target) : null
    if (!existsSync(datasetFiles(dir).meta)) {
      await createDataset(dataDir, name, hash, seeded ? options : null)
    } else if (seeded && (await readMeta(dir)).seedHash !== hash) {
      if ((await readLog(dir)).length === 0) {
        await createDataset(dataDir, name, hash, options)
      } else {
        console.warn(
          `local-content-lake: the seed of "${name}" (or the project id or public origin written into it) changed ` +
            'since it was created; keeping the edits made since. ' +
            'Run `local-content-lake reset` to start over from the new seed.',
        )
      }
    }
    datasets.set(
      name,
      await Dataset.open(dir, name, {
        projectId: options.projectId,
        author: options.author,
        compactEvery: options.compactEvery ?? 500,
      }),
    )
  }
  const keyValues = await KeyValueStore.open(join(dataDir, KEYVALUE_FILE))
  let closing: Promise<void> | null = null
  return {
    dataset: (name: string): LakeDataset | undefined => datasets.get(name),
    datasetNames: () => [...datasets.keys()],
    getKeyValues: (keys) => keyValues.get(keys),
    setKeyValues: (pairs) => keyValues.set(pairs),
    close() {
      closing ??= (async () => {
        for (const dataset of datasets.values()) await dataset.close()
        await keyValues.flush()
        await releaseLock(dataDir)
      })()
      return closing
    },
  }
}

/**
 * Deletes every dataset and the settings under `dataDir`, so the next open seeds afresh. Refuses
 * while a running lake holds the directory.
 */
export async function resetLake(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return
  const holder = await lockHolder(dataDir)
  if (holder !== null) throw new Error(`${dataDir} is in use by process ${holder}; stop it first`)
  for (const name of await existingDatasets(dataDir))
    await rm(join(dataDir, name), { recursive: true, force: true })
  await rm(join(dataDir, KEYVALUE_FILE), { force: true })
}

async function existingDatasets(dataDir: string): Promise<string[]> {
  const entries = await readdir(dataDir, { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory() && DATASET_NAME.test(entry.name))
    .filter((entry) => existsSync(datasetFiles(join(dataDir, entry.name)).meta))
    .map((entry) => entry.name)
    .sort()
}

/**
 * Builds the dataset in a side folder and renames it into place: a crash while seeding leaves
 * no half-seeded dataset behind.
 */
async function createDataset(
  dataDir: string,
  name: string,
  hash: string | null,
  seed: OpenLakeOptions | null,
): Promise<void> {
  const building = join(dataDir, `.${name}.seeding`)
  await rm(building, { recursive: true, force: true })
  await mkdir(building, { recursive: true })
  const files = datasetFiles(building)
  const documents = seed
    ? await buildSeed(
        seed.seed,
        { projectId: seed.projectId, dataset: name, publicOrigin: seed.publicOrigin },
        files.assets,
      )
    : []
  await mkdir(files.assets, { recursive: true })
  await writeSnapshot(building, documents)
  await createEmptyLog(building)
  await writeMeta(building, { format: LOG_FORMAT, seedHash: hash, snapshotTxn: null, snapshotSeq: 0 })
  const target = join(dataDir, name)
  await rm(target, { recursive: true, force: true })
  await rename(building, target)
  await syncDirectory(dataDir)
}

/** Data dirs this process has open, by resolved path. */
const openHere = new Set<string>()

/**
 * The pid of the lake holding `dataDir`, or null. Our own pid in the file is only ours if this
 * process opened it: in a restarted container the previous run often had the same pid.
 */
async function lockHolder(dataDir: string): Promise<number | null> {
  const path = join(dataDir, LOCK_FILE)
  if (!existsSync(path)) return null
  const pid = Number((await readFile(path, 'utf8')).trim())
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null
  if (pid === process.pid && !openHere.has(resolve(dataDir))) return null
  return pid
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** One lake per data directory: two writers would interleave their logs. */
async function acquireLock(dataDir: string): Promise<void> {
  const holder = await lockHolder(dataDir)
  if (holder !== null) throw new Error(`${dataDir} is already open in process ${holder}`)
  await writeFile(join(dataDir, LOCK_FILE), `${process.pid}\n`)
  openHere.add(resolve(dataDir))
}

async function releaseLock(dataDir: string): Promise<void> {
  openHere.delete(resolve(dataDir))
  await rm(join(dataDir, LOCK_FILE), { force: true })
}
