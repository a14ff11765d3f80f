// `npm run bench`: the site beside an empty Next.js page, in one run. See docs/performance.md.
import os from 'node:os'
import { parseArgs } from 'node:util'
import { launch } from './lighthouse'
import { type LoadResult, load } from './load'
import { markdown, type Results, type TemplateResult, writeSection } from './report'
import { type ScriptPolicy, scriptPolicy } from './script-policy'
import { build, ROOT, start } from './servers'
import { sitemapBudget } from './sitemap-budget'
import { LOAD_TEMPLATES, TEMPLATES, templatePath } from './templates'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    load: { type: 'string', default: LOAD_TEMPLATES.join(',') },
    'no-build': { type: 'boolean', default: false },
    'no-load': { type: 'boolean', default: false },
    'no-sitemap': { type: 'boolean', default: false },
    'no-throttled': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    section: { type: 'string', default: 'Latest results' },
    'site-port': { type: 'string', default: '3000' },
    'empty-port': { type: 'string', default: '3002' },
  },
})

const runs = Number(values.runs)
const seconds = Number(values.seconds)
const only = values.only?.split(',').map((s) => s.trim())
const unknown = only?.filter((t) => !templatePath(t)) ?? []
if (unknown.length || !(runs >= 1) || !(seconds > 0)) {
  console.error(
    `Usage: npm run bench -- [--runs N] [--seconds S] [--only ${TEMPLATES.map(([n]) => n).join(',')}]`,
  )
  process.exit(2)
}
const templates = TEMPLATES.filter(([name]) => !only || only.includes(name))

const startedAt = new Date()
const loadAverage = os.loadavg()
if (!values['no-build']) build()
const servers = await start(Number(values['site-port']), Number(values['empty-port']))
const chrome = await launch({ throttled: !values['no-throttled'] })
try {
  const page = async (url: string): Promise<{ html: number; policy: ScriptPolicy }> => {
    const response = await fetch(url)
    return { html: Buffer.byteLength(await response.text()), policy: scriptPolicy(response.headers) }
  }
  console.log('Warming every URL once…')
  const results: TemplateResult[] = []
  for (const [template, path] of templates)
    results.push({ template, path, runs: [], ...(await page(`${servers.site}${path}`)) })
  const empty: TemplateResult = {
    template: 'empty Next page',
    path: '/',
    runs: [],
    ...(await page(servers.empty)),
  }
  // Rounds: the empty page, then every template; load on the machine touches both alike.
  for (let round = 1; round <= runs; round++) {
    console.log(`Lighthouse round ${round} of ${runs}`)
    empty.runs.push(await chrome.measure(servers.empty))
    for (const t of results) t.runs.push(await chrome.measure(`${servers.site}${t.path}`))
  }
  const out: Results = {
    templates: results,
    empty,
    load: [],
    environment: chrome.environment(),
    loadSeconds: seconds,
    startedAt,
    loadAverage,
  }
  await chrome.close()
  if (!values['no-load']) {
    const loadTemplates = values.load.split(',').filter((t) => templatePath(t))
    let emptyRuns: LoadResult[] = []
    for (const template of loadTemplates) {
      console.log(`Throughput: ${template} and the empty page, ${seconds} s each`)
      emptyRuns.push(await load(servers.empty, seconds, servers.emptyGroup))
      out.load.push({
        template,
        result: await load(`${servers.site}${templatePath(template)}`, seconds, servers.siteGroup),
      })
    }
    emptyRuns = emptyRuns.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
    out.emptyLoad = emptyRuns[Math.floor(emptyRuns.length / 2)]
  }
  if (!values['no-sitemap']) {
    console.log('Sitemap HTML budget…')
    out.budget = await sitemapBudget(servers.site)
  }
  const text = markdown(out)
  console.log(`\n${text}`)
  if (!values['no-write']) {
    writeSection(ROOT, values.section, text)
    console.log(`\nWritten to docs/performance.md under "## ${values.section}".`)
  }
} catch (error) {
  await chrome.close().catch(() => {})
  throw error
} finally {
  await servers.stop()
}
