import { expect, test } from '@playwright/test'
import { lakeClient } from './fixtures/content-lake'
import { unique } from './fixtures/visitor'

/*
 * Publishing adds a page to the site, and so to its sitemap, which other specs read and then load
 * page by page: this spec runs once they are done (playwright.config.ts), so that none of them
 * meets a page that is gone a few seconds later.
 */

test('a case study published after the build is its page at once, and a 404 again once deleted', async ({
  request,
}) => {
  const lake = lakeClient()
  const source = await lake.getDocument('project-corporate-office-complex')
  if (!source) throw new Error('The seed has no project-corporate-office-complex')
  const { _rev, _createdAt, _updatedAt, ...fields } = source
  const slug = `e2e-case-study-${unique()}`
  const title = `A case study published after the build ${unique()}`
  const path = `/projects/${slug}`
  const page = async () => {
    const response = await request.get(path)
    return { status: response.status(), shown: (await response.text()).includes(title) }
  }

  // Asked for first, so the 404 is in the site's cache when the case study is published.
  expect(await page()).toEqual({ status: 404, shown: false })
  const id = `project-${slug}`
  await lake.createOrReplace({
    ...fields,
    _id: id,
    title,
    slug: { _type: 'slug', current: slug },
    order: 9999,
  })
  try {
    await expect.poll(page, { timeout: 10_000 }).toEqual({ status: 200, shown: true })
    expect(await (await request.get('/projects')).text()).toContain(title)
  } finally {
    await lake.delete(id)
  }
  await expect.poll(page, { timeout: 10_000 }).toEqual({ status: 404, shown: false })
})
