import { expect, test } from '@playwright/test'
import { lakeClient, ownLake, uniquePng } from './fixtures/content-lake'
import { unique } from './fixtures/visitor'
import { StudioPage } from './pages/studio-page'

/*
 * Marketing edits offline: the unmodified Sanity Studio, built and served by the local Content
 * Lake over HTTP/2 (Playwright accepts the lake's local certificate as a browser that trusts its
 * CA would), and the site reading the same lake. Each test edits its own document, so the other
 * tests' pages keep their seed content.
 */
test.use({ ignoreHTTPSErrors: true })
// The Studio is a large app: loading it takes seconds on its own, more beside a busy test run.
test.describe.configure({ timeout: 120_000 })

const SERVICE = {
  id: 'service-cutovers-and-sim-replacements',
  type: 'service',
  path: '/services/national-field-support/cutovers-and-sim-replacements',
}

test('the Studio opens signed in, straight into the content', async ({ page }) => {
  const studio = new StudioPage(page)
  const started = Date.now()
  await page.goto(studio.origin)
  await expect(page.getByRole('link', { name: 'Site settings' })).toBeVisible({ timeout: 30_000 })
  test.info().annotations.push({ type: 'Studio first load', description: `${Date.now() - started} ms` })
  await expect(page.getByText(/sign in|log in/i)).toHaveCount(0)
  await page.getByRole('link', { name: 'Blog posts' }).click()
  // The list's first query on a cold Studio: on a loaded CI host it came at 5–6 s (2026-11-26).
  await expect(page.getByRole('link', { name: /5 Signs Your School Needs a Network Upgrade/ })).toBeVisible({
    timeout: 15_000,
  })
  expect(studio.errors).toEqual([])
})

// Both edit the same service page, one after the other.
test.describe('editing a service', () => {
  test.describe.configure({ mode: 'serial' })

  test('an edit shows live in a second tab, and publishing it changes the page within 10 seconds', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const [editor, watcher] = [
      new StudioPage(await context.newPage()),
      new StudioPage(await context.newPage()),
    ]
    for (const studio of [editor, watcher]) {
      await studio.openDocument(SERVICE.id, SERVICE.type)
      await studio.showGroup('Page')
    }
    const heading = `Overnight cutovers, no downtime ${unique()}`
    await editor.input('hero.heading').fill(heading)
    await expect(watcher.input('hero.heading')).toHaveValue(heading, { timeout: 5_000 })

    await editor.publish()
    const published = Date.now()
    await expect
      .poll(async () => (await (await request.get(SERVICE.path)).text()).includes(heading), {
        timeout: 10_000,
      })
      .toBe(true)
    test.info().annotations.push({ type: 'Publish to page', description: `${Date.now() - published} ms` })
    expect((await lakeClient().getDocument(SERVICE.id))?.hero?.heading).toBe(heading)
    expect([...editor.errors, ...watcher.errors]).toEqual([])
    await context.close()
  })

  test('an uploaded image shows in the Studio and, once published, on the page', async ({
    page,
    request,
  }) => {
    // The service starts without a hero image, also when a local run reuses the lake.
    await lakeClient()
      .transaction()
      .patch(SERVICE.id, (patch) => patch.unset(['hero.image']))
      .delete(`drafts.${SERVICE.id}`)
      .commit()
    const studio = new StudioPage(page)
    await studio.openDocument(SERVICE.id, SERVICE.type)
    await studio.showGroup('Page')
    const { buffer, sha1 } = uniquePng(96, 64)
    const image = studio.fieldset('hero.image')
    await image
      .getByTestId('file-button-input')
      .setInputFiles({ name: 'cutover-crew.png', mimeType: 'image/png', buffer })
    await expect(image.locator(`img[src*="${sha1}"]`)).toBeVisible({ timeout: 15_000 })
    await image.getByLabel('Alternative text').fill('Engineers swapping SIM cards at a till')
    await studio.publish()

    await expect
      .poll(async () => (await (await request.get(SERVICE.path)).text()).includes(`${sha1}-96x64.png`), {
        timeout: 10_000,
      })
      .toBe(true)
    const served = await request.get(`/cms-images/${sha1}-96x64.png`)
    expect(served.headers()['content-type']).toBe('image/png')
    expect(Buffer.from(await served.body()).equals(buffer)).toBe(true)
    expect(studio.errors).toEqual([])
  })
})

test('the preview link turns draft mode on only with the secret, and nobody else sees drafts', async ({
  page,
  browser,
}) => {
  const client = lakeClient()
  // What the Presentation tool does: a short-lived secret in the lake, then the site's preview link.
  const secret = `secret-${unique()}`
  await client.createOrReplace({
    _id: `sanity-preview-url-secret.${unique()}`,
    _type: 'sanity.previewUrlSecret',
    secret,
    source: 'e2e',
    studioUrl: 'https://localhost:54340',
  })
  const draftName = `Draft only ${unique()}`
  await client.action([
    {
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.testimonial-2',
      publishedId: 'testimonial-2',
      patch: { set: { name: draftName } },
    },
  ])
  try {
    await page.goto(`/api/draft-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/`)
    await expect(page).toHaveURL(/\/$/)
    // What the page shows in that tab is the Presentation test's to check (below): in a tab of its
    // own, Chromium showed the published page in most runs although it sent the cookie.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('__prerender_bypass')

    const visitor = await browser.newPage()
    await visitor.goto('/')
    await expect(visitor.getByText(draftName)).toHaveCount(0)
    expect((await visitor.request.get('/api/draft-mode/enable?sanity-preview-secret=wrong')).status()).toBe(
      401,
    )
    await visitor.close()
  } finally {
    await client.action([{ actionType: 'sanity.action.document.discard', draftId: 'drafts.testimonial-2' }])
  }
})

test('the Presentation tool previews the site with its drafts', async ({ page, browser }) => {
  const client = lakeClient()
  const draftName = `Previewed draft ${unique()}`
  await client.action([
    {
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.testimonial-3',
      publishedId: 'testimonial-3',
      patch: { set: { name: draftName } },
    },
  ])
  try {
    // The Studio frames the site from its own origin: draft mode has to work in a third-party frame.
    const studio = new StudioPage(page)
    await page.goto(`${studio.origin}/presentation`)
    const preview = page.frameLocator('iframe')
    // Testimonial 3 shows once the carousel has turned twice; it turns once it is in sight.
    await preview.getByRole('region', { name: 'Testimonials' }).scrollIntoViewIfNeeded({ timeout: 30_000 })
    await expect(preview.getByText(draftName).first()).toBeAttached({ timeout: 30_000 })
    const visitor = await browser.newPage()
    await visitor.goto('/')
    await expect(visitor.getByText(draftName)).toHaveCount(0)
    await visitor.close()
  } finally {
    await client.action([{ actionType: 'sanity.action.document.discard', draftId: 'drafts.testimonial-3' }])
  }
})

test('an edit published in the Studio is still there after the lake restarts', async ({ browser }) => {
  const lake = await ownLake()
  try {
    await lake.start()
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const studio = new StudioPage(await context.newPage(), lake.studio)
    await studio.openDocument('testimonial-1', 'testimonial')
    const name = `Lerato Nkosi-Dube ${unique()}`
    await studio.input('name').fill(name)
    await studio.publish()

    expect(studio.errors).toEqual([])
    // Stopped as Ctrl-C stops `npm start`, then started again on the same data.
    await studio.page.close()
    await lake.stop()
    await lake.start()
    const reopened = new StudioPage(await context.newPage(), lake.studio)
    await reopened.openDocument('testimonial-1', 'testimonial')
    await expect(reopened.input('name')).toHaveValue(name)
    expect((await lakeClient(lake.api).getDocument('testimonial-1'))?.name).toBe(name)
    expect(reopened.errors).toEqual([])
    await context.close()
  } finally {
    await lake.dispose()
  }
})
