import { readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'

const SOURCE_EXT = new Set(['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.css'])
// Dependencies and build output; dot-folders (.next, .turbo, .data, …) are skipped too.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', 'coverage'])

/** Every source file under `dir`, skipping dependencies and build output. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path)
    }
    return SOURCE_EXT.has(extname(entry.name)) ? [path] : []
  })
}

/*
 * Module specifiers in static and dynamic imports, re-exports, require, vi.mock and CSS @import.
 * A regex, not a parser: it also sees specifiers inside comments and strings, which errs on the
 * strict side (a comment that names a path outside a map fails the check too).
 */
const SPECIFIER =
  /(?:\bfrom|\bimport|\brequire|\bvi\.mock|\bvi\.importActual|@import)\s*\(?\s*(['"])([^'"\n]+)\1/g

export type ImportSite = { file: string; line: number; specifier: string }

export function importsOf(file: string): ImportSite[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(SPECIFIER)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    specifier: match[2] ?? '',
  }))
}
