// The bench's results as Markdown: printed, and kept in docs/performance.md under a section of
// its own (## Latest results unless told otherwise), with the machine they ran on.
import { execSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { HTML_BUDGET_BYTES } from './html-budget'
import type { Environment, LighthouseRun } from './lighthouse'
import { median } from './lighthouse'
import { type LoadResult, WARM_UP_SECONDS } from './load'
import type { ScriptPolicy } from './script-policy'
import { budgetProblems, type PageBudget } from './sitemap-budget'
import { PERFECT_SCORE_TEMPLATES } from './templates'

export type TemplateResult = {
  template: string
  path: string
  runs: LighthouseRun[]
  html: number
  policy: ScriptPolicy
}
export type Results = {
  templates: TemplateResult[]
  empty: TemplateResult
  load: { template: string; result: LoadResult }[]
  emptyLoad?: LoadResult
  budget?: PageBudget[]
  environment?: Environment
  loadSeconds: number
  startedAt: Date
  loadAverage: number[]
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const ratio = (a: number, b: number) =>
  Number.isNaN(a) || Number.isNaN(b) ? '—' : b > 0 ? `${(a / b).toFixed(2)}×` : a > 0 ? '∞' : '1.00×'
const med = (runs: LighthouseRun[], key: keyof LighthouseRun) => median(runs.map((r) => r[key]))
const fixed = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0))
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`

function lighthouseTable(r: Results): string[] {
  const e = r.empty.runs
  const line = (t: TemplateResult, self: boolean) => {
    const lcp = med(t.runs, 'lcp')
    const tbt = med(t.runs, 'tbt')
    const js = med(t.runs, 'js')
    const scores = (['performance', 'accessibility', 'bestPractices', 'seo'] as const)
      .map((k) => med(t.runs, k).toFixed(0))
      .join(' / ')
    const x = (a: number, b: number) => (self ? '' : ratio(a, b))
    return row([
      t.template,
      `\`${t.path}\``,
      lcp.toFixed(0),
      x(lcp, med(e, 'lcp')),
      med(t.runs, 'paint').toFixed(0),
      `${med(t.runs, 'scriptsInLcp')} of ${med(t.runs, 'scripts')}`,
      fixed(med(t.runs, 'lcpThrottled')),
      x(med(t.runs, 'lcpThrottled'), med(e, 'lcpThrottled')),
      tbt.toFixed(0),
      x(tbt, med(e, 'tbt')),
      med(t.runs, 'cls').toFixed(3),
      kb(js),
      x(js, med(e, 'js')),
      kb(t.html),
      x(t.html, r.empty.html),
      scores,
    ])
  }
  return [
    "Paint is the largest paint (its frame presented) of the unthrottled load that Lighthouse replays on a simulated slow phone; the scripts that arrived before it are simulated as part of LCP, the others not (see \"What limits the figures now\"). LCP throttled is a second load of the same profile throttled for real (DevTools throttling: each request's latency and the link's bandwidth applied to the page's own requests, 4× CPU), what a slow phone would see:",
    '',
    row([
      'Template',
      'Path',
      'LCP ms',
      '× empty',
      'paint ms',
      'scripts in LCP',
      'LCP throttled ms',
      '× empty',
      'TBT ms',
      '× empty',
      'CLS',
      'JS KB',
      '× empty',
      'HTML KB',
      '× empty',
      'Perf / A11y / BP / SEO',
    ]),
    row(Array(16).fill('---')),
    ...r.templates.map((t) => line(t, false)),
    line(r.empty, true),
  ]
}

/** Each page's script policy as served: strict (no 'unsafe-inline'), and what naming its inline scripts costs. */
function policyTable(r: Results): string[] {
  const line = (t: TemplateResult) =>
    row([
      t.template,
      `\`${t.path}\``,
      t.policy.strict ? 'yes' : `**no** (\`${t.policy.scriptSrc || 'no policy'}\`)`,
      t.policy.hashes,
      t.policy.policyBytes,
      t.policy.headerBytes,
    ])
  return [
    '',
    "Script policy of each page as served (Content-Security-Policy): strict means no `'unsafe-inline'` script; a prerendered page names each of its inline scripts by SHA-256 instead. Header bytes are all the response's headers, uncompressed (HTTP/2 compresses repeats):",
    '',
    row(['Template', 'Path', 'strict', 'inline scripts by hash', 'CSP bytes', 'header bytes']),
    row(Array(6).fill('---')),
    ...r.templates.map(line),
    line(r.empty),
  ]
}

function loadTable(r: Results): string[] {
  if (!r.emptyLoad) return []
  const empty = r.emptyLoad.requestsPerSecond
  const emptyCpu = r.emptyLoad.serverCpuMsPerRequest
  const percent = (busy: number | null) => (busy === null ? '—' : `${(busy * 100).toFixed(0)}%`)
  const line = (name: string, l: LoadResult, self = false) =>
    row([
      name,
      `\`${new URL(l.url).pathname}\``,
      l.requestsPerSecond.toFixed(0),
      self ? '' : ratio(l.requestsPerSecond, empty),
      l.serverCpuMsPerRequest === null ? '—' : l.serverCpuMsPerRequest.toFixed(2),
      self || l.serverCpuMsPerRequest === null || !emptyCpu ? '' : ratio(l.serverCpuMsPerRequest, emptyCpu),
      percent(l.serverBusy),
      percent(l.clientBusy),
      l.errors,
      l.cache || '(none: rendered per request)',
      `\`${l.cacheControl}\``,
    ])
  return [
    '',
    `Throughput, \`next start\`, 50 connections, ${r.loadSeconds} s per page after ${WARM_UP_SECONDS} s of warm-up (autocannon on loopback). Server CPU is the CPU time of the server's processes per answered request, its cost whatever the client; busy is CPU time over wall time (100% = one core), so a server well under 100% was held back by the load generator:`,
    '',
    row([
      'Page',
      'Path',
      'req/s',
      '× empty',
      'server CPU ms/req',
      '× empty',
      'server busy',
      'autocannon busy',
      'errors (non-2xx)',
      'x-nextjs-cache',
      'cache-control',
    ]),
    row(Array(11).fill('---')),
    ...r.load.map((l) => line(l.template, l.result)),
    line('empty Next page', r.emptyLoad, true),
  ]
}

function budgetLines(pages: PageBudget[] | undefined): string[] {
  if (!pages) return []
  const sizes = pages.map((p) => p.bytes)
  const over = pages.filter((p) => p.bytes > HTML_BUDGET_BYTES)
  const biggest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  const problems = new Map<string, number>()
  for (const p of pages)
    for (const problem of budgetProblems(p).filter((x) => !x.endsWith('KB HTML')))
      problems.set(problem, (problems.get(problem) ?? 0) + 1)
  return [
    '',
    `Sitemap HTML budget (${pages.length} pages, ≤ ${HTML_BUDGET_BYTES / 1024} KB uncompressed, nothing delivered twice): ` +
      `median ${kb(median(sizes))} KB, largest ${kb(biggest.bytes)} KB (\`${biggest.path}\`), ` +
      `${over.length} over budget.`,
    ...[...problems].map(([problem, n]) => `- ${problem}: ${n} of ${pages.length} pages`),
  ]
}

/** The "done when", PASS or MISS (the bench reports; it does not fail on a miss). */
function targetLines(r: Results): string[] {
  const e = r.empty.runs
  const out: string[] = []
  const check = (name: string, ok: boolean) => out.push(`- ${ok ? 'PASS' : 'MISS'} ${name}`)
  const all = (f: (t: TemplateResult) => boolean) => r.templates.every(f)
  check(
    'LCP ≤ 1.3× empty on every template',
    all((t) => med(t.runs, 'lcp') <= 1.3 * med(e, 'lcp')),
  )
  check(
    'TBT ≤ 1.3× empty on every template',
    all((t) => med(t.runs, 'tbt') <= 1.3 * Math.max(med(e, 'tbt'), 1)),
  )
  check(
    'JS ≤ 1.1× empty on every template',
    all((t) => med(t.runs, 'js') <= 1.1 * med(e, 'js')),
  )
  check(
    'CLS ≤ 0.01 on every template',
    all((t) => med(t.runs, 'cls') <= 0.01),
  )
  check(
    "a strict script policy (no 'unsafe-inline') on every template",
    all((t) => t.policy.strict),
  )
  if (r.budget) {
    check(
      'every sitemap page ≤ 80 KB HTML',
      r.budget.every((p) => p.bytes <= HTML_BUDGET_BYTES),
    )
    check(
      'nothing delivered twice',
      r.budget.every((p) => budgetProblems(p).every((x) => x.endsWith('KB HTML'))),
    )
  }
  if (r.emptyLoad) {
    const floor = 0.5 * r.emptyLoad.requestsPerSecond
    check(
      'cached-page throughput ≥ 0.5× empty, 0 errors',
      r.load.every((l) => l.result.requestsPerSecond >= floor && l.result.errors === 0),
    )
  }
  const perfect = r.templates.filter((t) => PERFECT_SCORE_TEMPLATES.includes(t.template))
  if (perfect.length)
    check(
      `Lighthouse 100/100/100/100 on ${perfect.map((t) => t.template).join(', ')}`,
      perfect.every((t) =>
        (['performance', 'accessibility', 'bestPractices', 'seo'] as const).every(
          (k) => med(t.runs, k) === 100,
        ),
      ),
    )
  return ['', 'Targets (issue 11, "done when"; the aim is 1.15× on every figure):', '', ...out]
}

function machineLines(r: Results): string[] {
  const cpus = os.cpus()
  const commit = (() => {
    try {
      const sha = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
      const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim()
        ? ' (with uncommitted changes)'
        : ''
      return sha + dirty
    } catch {
      return 'unknown'
    }
  })()
  const chromium = r.environment?.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown'
  return [
    `Run ${r.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} on commit ${commit}; medians of ${r.empty.runs.length} Lighthouse runs (mobile preset), the empty page measured in every round.`,
    `Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB memory, ` +
      `load average ${r.loadAverage.map((x) => x.toFixed(2)).join(' / ')} at the start; Node ${process.version}, ` +
      `Chromium ${chromium}, Lighthouse ${r.environment?.lighthouse ?? '?'}, benchmarkIndex ${r.environment?.benchmarkIndex.toFixed(0) ?? '?'}.`,
    '',
  ]
}

export function markdown(r: Results): string {
  return [
    ...machineLines(r),
    ...lighthouseTable(r),
    ...policyTable(r),
    ...loadTable(r),
    ...budgetLines(r.budget),
    ...targetLines(r),
  ].join('\n')
}

const DOC_HEAD = `# Performance

Targets: issue 11 and the shared targets (\`../shared/docs/performance.md\`, evidence in
\`../shared/docs/performance-research.md\`). In short, on every route template beside an empty Next.js
page of the same version, measured in one run: LCP and TBT ≤ 1.3× the empty page's (aim 1.15×),
JavaScript ≤ 1.1×, CLS ≤ 0.01, every sitemap page's HTML ≤ 80 KB with no stylesheet or script
delivered twice, cached-page throughput ≥ 0.5× the empty page's (aim 0.8×), Lighthouse
100 / 100 / 100 / 100 on home, an article and /log-it.

## How to run

\`npm run bench\` (serialise it on a shared machine: \`flock /tmp/siyakha-e2e.lock npm run bench\`)
builds the site (turbo's cache makes a fresh build a no-op) and the empty reference page
(\`tests/perf/empty-next\`), starts the local Supabase stack, serves both with \`next start\`, warms
every URL, then runs Lighthouse per template with the empty page in every round, autocannon on cached
pages, and the sitemap HTML budget. It prints the tables and rewrites "Latest results" below.
Options: \`--runs N\` (3), \`--seconds S\` per throughput page (10), \`--only home,article\`,
\`--no-build\`, \`--no-load\`, \`--no-sitemap\`, \`--section "Title"\` (write under another heading),
\`--no-write\`. The code is in \`tests/perf/bench/\`; the same HTML budget is asserted by
\`tests/e2e/page-weight.spec.ts\`. Absolute times move with the machine and its load; ratios taken in
one run are what to compare.
`

/** Replaces (or appends) the section `## title` of docs/performance.md. */
export function writeSection(root: string, title: string, body: string) {
  const file = join(root, 'docs/performance.md')
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : DOC_HEAD
  const heading = `## ${title}`
  const section = `${heading}\n\n${body.trim()}\n`
  const start = doc.indexOf(`${heading}\n`)
  let next: string
  if (start === -1) next = `${doc.trimEnd()}\n\n${section}`
  else {
    const end = doc.indexOf('\n## ', start + heading.length)
    next = `${doc.slice(0, start)}${section}${end === -1 ? '' : doc.slice(end)}`
  }
  writeFileSync(file, next)
}
