import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const STUDIO = 'https://localhost:54350',
  SITE = 'http://localhost:3100'
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const context = await browser.newContext({ ignoreHTTPSErrors: true })
const page = await context.newPage()
const errors = []
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text().slice(0, 200) + ' @ ' + m.location().url.slice(0, 100))
})
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a)
async function settleAndPublish() {
  await page.waitForTimeout(500)
  await page
    .getByTestId('pane-footer-document-status-pulse')
    .waitFor({ state: 'detached', timeout: 15000 })
    .catch(() => {})
  await page.getByTestId('action-publish').click()
  await page.getByText(/was published/).waitFor({ timeout: 15000 })
}
async function pollSite(path, text, what) {
  const t0 = Date.now()
  for (;;) {
    const r = await fetch(SITE + path, { redirect: 'manual' })
    const body = await r.text()
    if (typeof text === 'function' ? text(r, body) : body.includes(text)) {
      log(what, 'on the site after', Date.now() - t0, 'ms')
      return
    }
    if (Date.now() - t0 > 20000) {
      log(what, 'NOT on the site after 20 s', r.status)
      return
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
// 1. Home hero
const t0 = Date.now()
await page.goto(`${STUDIO}/structure`)
await page.getByRole('link', { name: 'Site settings' }).waitFor({ timeout: 60000 })
log('Studio first load (cold):', Date.now() - t0, 'ms')
await page.goto(`${STUDIO}/intent/edit/id=page-home;type=page/`)
await page.getByTestId('action-publish').waitFor({ timeout: 30000 })
const tabs = await page.getByRole('tab').allTextContents()
log('home tabs', tabs.join('|'))
if (tabs.includes('Page')) await page.getByRole('tab', { name: 'Page' }).click()
const heading = 'Managed IT that keeps Johannesburg working'
await page.getByTestId('field-hero.heading').locator('input,textarea').first().fill(heading)
await settleAndPublish()
await pollSite('/', heading, 'home hero')
// 2. Redirect
await page.goto(`${STUDIO}/intent/create/template=redirect;type=redirect/`)
await page.getByTestId('action-publish').waitFor({ timeout: 30000 })
await page.getByTestId('field-from').locator('input').fill('/winter-special')
await page.getByTestId('field-to').locator('input').fill('/support-deals')
const perm = page.getByTestId('field-permanent')
log('permanent field', await perm.count())
if (await perm.count()) {
  const sw = perm.locator('input[type=checkbox]')
  if ((await sw.count()) && !(await sw.isChecked())) await sw.check({ force: true })
}
await settleAndPublish()
await pollSite(
  '/winter-special',
  (r) => r.status >= 300 && r.status < 400 && (r.headers.get('location') || '').includes('/support-deals'),
  'redirect /winter-special',
)
// 3. New blog post
await page.goto(`${STUDIO}/intent/create/template=post;type=post/`)
await page.getByTestId('action-publish').waitFor({ timeout: 30000 })
const ids = await page.$$eval('[data-testid^="field-"]', (els) =>
  [...new Set(els.map((e) => e.getAttribute('data-testid')))].filter((t) => !t.includes('actions')),
)
log('post fields', ids.join(' '))
await page.getByTestId('field-title').locator('input').fill('Load-shedding proof Wi-Fi for small offices')
const slugField = page.getByTestId('field-slug')
await slugField
  .getByRole('button', { name: /generate/i })
  .click()
  .catch((e) => log('no generate', e.message.slice(0, 80)))
await page
  .getByTestId('field-excerpt')
  .locator('textarea')
  .fill('How a small office keeps its Wi-Fi and internet running through load-shedding, without a generator.')
await page
  .getByTestId('field-publishedAt')
  .locator('input')
  .fill('2026-11-20')
  .catch((e) => log('date', e.message.slice(0, 80)))
await page
  .getByTestId('field-readTime')
  .locator('input')
  .fill('3 min read')
  .catch((e) => log('readTime', e.message.slice(0, 80)))
const cat = page.getByTestId('field-category')
if (await cat.locator('select').count()) await cat.locator('select').selectOption({ index: 1 })
else
  await cat
    .locator('input')
    .first()
    .fill('Networking')
    .catch((e) => log('category', e.message.slice(0, 80)))
await page
  .getByTestId('field-baselineViews')
  .locator('input')
  .fill('0')
  .catch((e) => log('baseline', e.message.slice(0, 80)))
const png = readFileSync('/work/main/studio/seed/images/' + readFileSync('/dev/null', 'utf8')).length
log('done setup', png)
await page.screenshot({ path: '/tmp/wt/post.png', fullPage: true })
console.log(errors.join('\n'))
await browser.close()
