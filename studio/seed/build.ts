/**
 * `npm run seed:build -w studio`: seed/content + seed/artwork → seed/dataset.ndjson + seed/images/.
 * `npm run seed:check -w studio` (`--check`): fails if the committed dataset or images are stale.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { type BuildResult, buildDataset } from './builder'
import { artworkDir, contentDir, datasetPath, imagesDir } from './paths'

export type CheckResult = { upToDate: boolean; problems: string[] }

/** Compares a build with what is on disk (the seed:check logic). */
export function compareWithDisk(result: BuildResult, dataset = datasetPath, images = imagesDir): CheckResult {
  const problems: string[] = []
  const current = existsSync(dataset) ? readFileSync(dataset, 'utf8') : undefined
  if (current === undefined) problems.push(`${relative(process.cwd(), dataset)} does not exist`)
  else if (current !== result.ndjson)
    problems.push(`${relative(process.cwd(), dataset)} differs from the sources`)
  const present = new Set(existsSync(images) ? readdirSync(images) : [])
  for (const name of result.images.keys()) {
    if (!present.has(name)) problems.push(`seed/images/${name} is missing`)
  }
  for (const name of present) {
    if (!result.images.has(name)) problems.push(`seed/images/${name} is not used by the dataset`)
  }
  return { upToDate: problems.length === 0, problems }
}

/** Writes the dataset and syncs `seed/images/` (copies new files, removes unused ones). */
export function writeBuild(result: BuildResult, dataset = datasetPath, images = imagesDir) {
  writeFileSync(dataset, result.ndjson)
  mkdirSync(images, { recursive: true })
  const present = new Set(readdirSync(images))
  for (const [name, image] of result.images) {
    if (!present.has(name)) copyFileSync(image.source, join(images, name))
  }
  for (const name of present) {
    if (!result.images.has(name)) rmSync(join(images, name))
  }
}

function main() {
  const check = process.argv.includes('--check')
  const started = performance.now()
  const result = buildDataset({ contentDir, artworkDir })
  if (result.errors.length > 0) {
    console.error(`seed: ${result.errors.length} problem(s) in seed/content:\n`)
    for (const error of result.errors) console.error(`  ${error}`)
    process.exitCode = 1
    return
  }
  const counts = new Map<string, number>()
  for (const doc of result.documents) counts.set(doc._type, (counts.get(doc._type) ?? 0) + 1)
  const summary = [...counts].map(([type, n]) => `${type} ${n}`).join(', ')
  if (check) {
    const { upToDate, problems } = compareWithDisk(result)
    if (!upToDate) {
      console.error('seed:check: the committed dataset is stale; run `npm run seed:build -w studio`:')
      for (const problem of problems) console.error(`  ${problem}`)
      process.exitCode = 1
      return
    }
    console.log(
      `seed:check: dataset up to date (${result.documents.length} documents, ${result.images.size} images)`,
    )
    return
  }
  writeBuild(result)
  const ms = Math.round(performance.now() - started)
  console.log(
    `seed: wrote ${relative(process.cwd(), datasetPath)}: ${result.documents.length} documents (${summary}), ${result.images.size} images, ${ms} ms`,
  )
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main()
