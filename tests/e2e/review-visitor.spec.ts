import { expect, type Locator, type Page, test } from '@playwright/test'
import { SITE_ORIGIN } from './site'

/** The paths the sitemap lists, on this server. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname)
}

/** A post card's own link: the one inside its heading. */
const cardLink = (card: Locator) => card.getByRole('heading').getByRole('link')

test.describe('clicks land where their label says', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the home hero buttons open their own targets, not a blog article', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Get a Free Consultation' }).first().click()
    await expect(page).toHaveURL(`${SITE_ORIGIN}/#quote-form`)
    await expect(page.locator('#quote-form form')).toBeInViewport()

    await page.goto('/')
    await page.getByRole('main').getByRole('link', { name: 'Log a Support Call' }).click()
    await expect(page).toHaveURL(`${SITE_ORIGIN}/log-it`)
  })

  test('a click on the hero heading stays on the home page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('heading', { level: 1 }).click()
    await page.waitForTimeout(500)
    await expect(page).toHaveURL(`${SITE_ORIGIN}/`)
  })

  test('each of the latest posts on home opens its own article', async ({ page }) => {
    await page.goto('/')
    const count = await page.getByRole('article').count()
    expect(count).toBe(3)
    for (let i = 0; i < count; i++) {
      await page.goto('/')
      const card = page.getByRole('article').nth(i)
      const href = await cardLink(card).getAttribute('href')
      const title = (await cardLink(card).textContent()) ?? ''
      // The excerpt, not the title: the whole card is the link.
      await card.locator('p').last().click()
      await expect(page).toHaveURL(`${SITE_ORIGIN}${href}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    }
  })

  test('the first cards on /blog open the article they show', async ({ page }) => {
    for (let i = 0; i < 4; i++) {
      await page.goto('/blog')
      const card = page.getByRole('article').nth(i)
      const href = await cardLink(card).getAttribute('href')
      const title = (await cardLink(card).textContent()) ?? ''
      await card.scrollIntoViewIfNeeded()
      await card.click({ position: { x: 20, y: 20 } })
      await expect(page).toHaveURL(`${SITE_ORIGIN}${href}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    }
  })
})

test.describe('placeholders', () => {
  test('no page in the sitemap shows an unfilled {placeholder}, in its HTML or its JSON-LD', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const placeholder = /\{[A-Za-z_][\w.-]*\}/
    const paths = await sitemapPaths(page)
    expect(paths.length).toBeGreaterThan(40)
    const found: string[] = []
    for (const path of paths) {
      await page.goto(path)
      const texts = await page.evaluate(() => {
        const attributes = [...document.querySelectorAll('*')].flatMap((el) =>
          ['content', 'alt', 'title', 'aria-label', 'placeholder', 'href']
            .map((name) => el.getAttribute(name))
            .filter((v): v is string => !!v),
        )
        return [document.title, document.body.innerText, ...attributes]
      })
      for (const text of texts) {
        const match = text.match(placeholder)
        if (match) found.push(`${path}: ${match[0]} in “${text.slice(0, 80)}”`)
      }
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
      for (const block of blocks) {
        const strings: string[] = []
        JSON.parse(block, (_key, value) => {
          if (typeof value === 'string') strings.push(value)
          return value
        })
        for (const s of strings) {
          const match = s.match(placeholder)
          if (match) found.push(`${path} JSON-LD: ${match[0]} in “${s.slice(0, 80)}”`)
        }
      }
    }
    expect(found).toEqual([])
  })
})
