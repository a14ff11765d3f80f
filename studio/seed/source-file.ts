import { readFileSync } from 'node:fs'
import YAML from 'yaml'
import { isPlainObject, type Path } from './convert'

/** Reads one seed source: a YAML document, or Markdown with YAML front matter (the body becomes `body`). */
export function readSource(filePath: string, report: (path: Path, message: string) => void) {
  return parseSource(readFileSync(filePath, 'utf8'), filePath.endsWith('.md'), report)
}

/** `readSource` on text already in memory; `isMarkdown` for a `.md` file. */
export function parseSource(
  text: string,
  isMarkdown: boolean,
  report: (path: Path, message: string) => void,
) {
  let yamlText = text
  let markdown: string | undefined
  if (isMarkdown) {
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
    if (!match) {
      report([], 'a Markdown document must start with YAML front matter between "---" lines')
      return undefined
    }
    yamlText = match[1] ?? ''
    markdown = match[2] ?? ''
  }
  const parsed = YAML.parseDocument(yamlText, { uniqueKeys: true, prettyErrors: true })
  if (parsed.errors.length > 0) {
    for (const error of parsed.errors) report([], `YAML: ${error.message}`)
    return undefined
  }
  const data: unknown = parsed.toJS() ?? {}
  if (!isPlainObject(data)) {
    report([], 'must be a YAML mapping (key: value lines)')
    return undefined
  }
  if (markdown !== undefined) {
    if ('body' in data) {
      report(['body'], 'set in the front matter and as the Markdown body; keep only the Markdown body')
      return undefined
    }
    data.body = markdown
  }
  return data
}
