import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..')

export type Workspace = {
  name: string
  /** Absolute path of the folder holding its package.json. */
  dir: string
  exports: Record<string, string>
  dependencies: Set<string>
}

type PackageJson = {
  name?: string
  workspaces?: string[]
  exports?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson

/** The root package.json's workspaces; a pattern may end in one `/*` (that is all this repo uses). */
export function listWorkspaces(): Workspace[] {
  const patterns = readJson(join(repoRoot, 'package.json')).workspaces ?? []
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [join(repoRoot, pattern)]
    const parent = join(repoRoot, pattern.slice(0, -2))
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name))
  })
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson(join(dir, 'package.json'))
      return {
        name: pkg.name ?? relative(repoRoot, dir),
        dir,
        exports: pkg.exports ?? {},
        dependencies: new Set(
          Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
        ),
      }
    })
}

/** The workspace a file belongs to: the one whose folder is the longest prefix of its path. */
export function workspaceOf(file: string, workspaces: Workspace[]): Workspace | undefined {
  return workspaces
    .filter((ws) => file.startsWith(ws.dir + sep))
    .sort((a, b) => b.dir.length - a.dir.length)[0]
}
