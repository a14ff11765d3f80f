/**
 * Fails when the committed schema.json or the generated query types are not what TypeGen makes
 * from the current schema and queries: someone changed a schema type or a GROQ query and did not
 * run `npm run typegen -w studio`. Both steps read only local files, so this runs offline. The
 * output goes to a scratch folder: the committed files are compared, never rewritten.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const CONFIG = 'sanity-typegen.json'
const config = JSON.parse(readFileSync(CONFIG, 'utf8')) as { schema: string; generates: string }

// The Sanity CLI resolves these paths against the studio folder, absolute ones included.
const scratch = relative(process.cwd(), mkdtempSync(join(tmpdir(), 'siyakha-typegen-')))
const fresh = { schema: join(scratch, 'schema.json'), types: join(scratch, 'sanity.types.ts') }

function sanity(args: string[]): void {
  const result = spawnSync('npx', ['sanity', ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`sanity ${args.join(' ')} failed (exit ${result.status})`)
}

/** The file without its `// Source:` lines, which name the query file relative to the output. */
function comparable(path: string): string {
  return readFileSync(path, 'utf8').replace(/^\/\/ Source: .*$/gm, '')
}

try {
  sanity(['schema', 'extract', '--enforce-required-fields', '--path', fresh.schema])
  const scratchConfig = join(scratch, CONFIG)
  writeFileSync(scratchConfig, JSON.stringify({ ...config, schema: fresh.schema, generates: fresh.types }))
  sanity(['typegen', 'generate', '--config-path', scratchConfig])

  const stale = [
    [config.schema, fresh.schema],
    [config.generates, fresh.types],
  ].filter(([committed, made]) => comparable(committed as string) !== comparable(made as string))
  for (const [committed] of stale) {
    console.error(`${committed} is stale: run \`npm run typegen -w studio\` and commit the result`)
  }
  if (stale.length > 0) process.exitCode = 1
  else console.log('schema.json and sanity.types.ts match the schema and the queries')
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
