#!/usr/bin/env node
// Run before `next start` in an app's folder. Next keeps the pages it regenerates at run time in
// .next/server/route-cache, keyed by route alone, and serves them over the build's own. A fresh
// `next build` empties .next, but turbo restoring a cached build does not, so a page regenerated
// under another build (other markup, other scripts) would be served with this one. The folder is
// kept across restarts of the same build and dropped when the build changes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const next = join(process.cwd(), '.next')
const buildIdFile = join(next, 'BUILD_ID')
if (existsSync(buildIdFile)) {
  const build = readFileSync(buildIdFile, 'utf8').trim()
  const cache = join(next, 'server', 'route-cache')
  const marker = join(cache, '.build-id')
  const cachedFor = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null
  if (cachedFor !== build) {
    if (existsSync(cache)) {
      rmSync(cache, { recursive: true, force: true })
      console.log(`Dropped pages regenerated under an earlier build (${cachedFor ?? 'unknown'}).`)
    }
    mkdirSync(cache, { recursive: true })
    writeFileSync(marker, `${build}\n`)
  }
}
