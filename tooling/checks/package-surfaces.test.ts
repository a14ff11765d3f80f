// Packages are used only through their exports maps: a newcomer reads a package's public surface
// in its package.json, and a package may move its internals without breaking anyone.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles } from './imports'
import { listWorkspaces, repoRoot, workspaceOf } from './workspaces'

const workspaces = listWorkspaces()
const byName = new Map(workspaces.map((ws) => [ws.name, ws]))
const sites = workspaces.flatMap((ws) => sourceFiles(ws.dir)).flatMap(importsOf)
const where = (site: { file: string; line: number }) => `${relative(repoRoot, site.file)}:${site.line}`

/** `@siyakha/ui/button` → the workspace `@siyakha/ui` and the subpath `./button`. */
function splitSpecifier(specifier: string) {
  const [scope, name, ...rest] = specifier.split('/')
  return { name: `${scope}/${name}`, subpath: rest.length > 0 ? `./${rest.join('/')}` : '.' }
}

describe('package exports maps', () => {
  it('list every public module by name, with no wildcard', () => {
    const wildcards = workspaces.flatMap((ws) =>
      Object.keys(ws.exports)
        .filter((key) => key.includes('*'))
        .map((key) => `${ws.name}: "${key}"`),
    )
    expect(wildcards).toEqual([])
  })

  it('point at files that exist', () => {
    const missing = workspaces.flatMap((ws) =>
      Object.entries(ws.exports)
        .filter(([, target]) => !existsSync(join(ws.dir, target)))
        .map(([key, target]) => `${ws.name}: "${key}" → ${target}`),
    )
    expect(missing).toEqual([])
  })
})

/** Every import of a workspace package, with the workspace it names and the one it is written in. */
const packageImports = sites
  .filter((site) => site.specifier.startsWith('@siyakha/'))
  .map((site) => ({ site, ...splitSpecifier(site.specifier), importer: workspaceOf(site.file, workspaces) }))
  .flatMap((entry) => {
    const target = byName.get(entry.name)
    return target ? [{ ...entry, target }] : []
  })

describe('imports of workspace packages', () => {
  it('name an entry of the exports map', () => {
    const bypassing = packageImports.filter(({ subpath, target }) => !(subpath in target.exports))
    expect(bypassing.map(({ site }) => `${where(site)}: ${site.specifier}`)).toEqual([])
  })

  it('are declared as dependencies of the importing workspace', () => {
    const undeclared = packageImports.filter(
      ({ name, importer }) => importer && importer.name !== name && !importer.dependencies.has(name),
    )
    expect(undeclared.map(({ site }) => `${where(site)}: ${site.specifier}`)).toEqual([])
  })

  it('never reach into another workspace by a relative path', () => {
    const crossing = sites
      .filter((site) => site.specifier.startsWith('.'))
      .filter((site) => {
        const target = resolve(dirname(site.file), site.specifier)
        return workspaceOf(target, workspaces) !== workspaceOf(site.file, workspaces)
      })
      .map((site) => `${where(site)}: ${site.specifier}`)
    expect(crossing).toEqual([])
  })
})

describe("the edge functions' Deno import map", () => {
  // Deno does not read package.json exports, so deno.json repeats them: each entry must be the
  // same file the exports map names, or Deno and Node would load different code.
  it('maps each @siyakha specifier to the file its exports map names', () => {
    const denoJson = join(repoRoot, 'supabase/functions/deno.json')
    const text = readFileSync(denoJson, 'utf8').replace(/^\s*\/\/.*$/gm, '')
    const { imports } = JSON.parse(text) as { imports: Record<string, string> }
    const mismatched = Object.entries(imports)
      .filter(([specifier]) => specifier.startsWith('@siyakha/'))
      .filter(([specifier, target]) => {
        const { name, subpath } = splitSpecifier(specifier)
        const ws = byName.get(name)
        const mapped = ws?.exports[subpath]
        return !ws || !mapped || resolve(dirname(denoJson), target) !== resolve(ws.dir, mapped)
      })
      .map(([specifier, target]) => `${specifier} → ${target}`)
    expect(mismatched).toEqual([])
  })
})
