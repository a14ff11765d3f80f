import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ExportError, exportSeed, type LakeDocument } from '@siyakha/studio/seed/export'
import { REPO_ROOT, resolveOptions } from '../config.js'
import { openLake } from '../core/lake.js'
import { LOCAL_EDITOR } from '../identity.js'
import { readLock } from '../lock.js'
import { queryRunningLake } from './query-running.js'

const ALL_PUBLISHED = '*'

/** The published documents, from the lake running on the data dir or straight from its files. */
async function publishedDocuments(dataset: string): Promise<LakeDocument[]> {
  const options = resolveOptions()
  const running = readLock(options.dataDir)
  if (running?.httpUrl)
    return queryRunningLake<LakeDocument[]>(options, running.httpUrl, dataset, ALL_PUBLISHED)
  const lake = await openLake({
    dataDir: options.dataDir,
    projectId: options.projectId,
    datasets: options.datasets,
    seed: options.seed,
    publicOrigin: options.publicOrigin ?? `https://localhost:${options.tlsPort}`,
    author: LOCAL_EDITOR.id,
  })
  try {
    const found = lake.dataset(dataset)
    if (!found) throw new Error(`No dataset ${dataset} in ${options.dataDir}`)
    return (await found.query(ALL_PUBLISHED, {}, { perspective: 'published' })) as LakeDocument[]
  } finally {
    await lake.close()
  }
}

/**
 * `npm run content:export`: the lake's published content back into studio/seed/ in its authored
 * form (content/ and artwork/), then the seed dataset rebuilt from it, ready to commit. Drafts
 * stay in the lake.
 */
export async function exportContent(): Promise<void> {
  const options = resolveOptions()
  const dataset = options.datasets[0] ?? 'production'
  const documents = await publishedDocuments(dataset)
  const assets = path.join(options.dataDir, dataset, 'assets')
  let result: ReturnType<typeof exportSeed>
  try {
    result = exportSeed({ documents, readAsset: (file) => readFileSync(path.join(assets, file)) })
  } catch (error) {
    if (error instanceof ExportError) {
      throw new Error(`Nothing was written. The seed cannot express:\n  ${error.problems.join('\n  ')}`)
    }
    throw error
  }
  const shown = (files: string[]) => files.map((file) => path.relative(REPO_ROOT, file)).join('\n    ')
  console.log(
    `Exported ${documents.length} documents: ${result.written.length} files written, ` +
      `${result.removed.length} removed, ${result.unchanged} unchanged.`,
  )
  if (result.written.length) console.log(`  written:\n    ${shown(result.written)}`)
  if (result.removed.length) console.log(`  removed:\n    ${shown(result.removed)}`)
  const build = spawnSync('npm', ['run', 'seed:build', '-w', 'studio'], { cwd: REPO_ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('seed:build failed after the export; see above')
  if (result.written.length || result.removed.length) {
    console.log(
      'studio/seed/ now holds this content: commit it. The lake keeps its own copy and history; ' +
        '`npm run content:reset` starts it again from the new seed.',
    )
  }
}
