import type { BrowserContext, Page } from '@playwright/test'
import { markDocument, sameDocument } from './fixtures/document'
import { expect, fakeWhatsApp, test } from './fixtures/index'
import { NewsletterBox, QuoteForm, SupportForm, WhatsAppEnquiry } from './pages/site-forms'

const ARTICLE = '/blog/5-signs-your-school-needs-a-network-upgrade'

/** Counts pages (popups, new tabs) the context opens from now on. */
function countNewPages(context: BrowserContext) {
  let count = 0
  context.on('page', () => {
    count += 1
  })
  return () => count
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('header, desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('Services dropdown opens, lists the services and regions, closes on Escape and outside click', async ({
    page,
  }) => {
    await page.goto('/')
    const services = mainNav(page).getByRole('button', { name: 'Services', exact: true })
    await expect(services).toHaveAttribute('aria-expanded', 'false')

    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    const allServices = mainNav(page).getByRole('link', { name: 'All Services' })
    await expect(allServices).toBeVisible()
    await expect(allServices).toHaveAttribute('href', '/services')
    await expect(mainNav(page).getByRole('link', { name: /Infrastructure/ })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: /Cape Town/ })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await expect(allServices).toBeHidden()
    await expect(services).toBeFocused()

    await services.click()
    await expect(allServices).toBeVisible()
    await page.getByRole('main').click({ position: { x: 5, y: 5 } })
    await expect(allServices).toBeHidden()
  })

  test('Services dropdown works from the keyboard', async ({ page }) => {
    await page.goto('/')
    const services = mainNav(page).getByRole('button', { name: 'Services', exact: true })
    await services.focus()
    await page.keyboard.press('Enter')
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(mainNav(page).getByRole('link', { name: 'All Services' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(mainNav(page).getByRole('link', { name: 'All Services' })).not.toBeFocused()
    await page.keyboard.press('Escape')
    await expect(services).toBeFocused()
    await expect(services).toHaveAttribute('aria-expanded', 'false')
  })

  test('site links open pages without a page load, fetched ahead on hover, not on sight', async ({
    page,
  }) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.searchParams.has('_rsc')) fetched.push(url.pathname)
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    // Visible in the header, yet not fetched: a visitor on mobile data pays for every prefetch.
    expect(fetched).not.toContain('/projects')
    await markDocument(page)
    const projects = mainNav(page).getByRole('link', { name: 'Projects', exact: true })
    await projects.hover()
    await expect.poll(() => fetched.includes('/projects')).toBe(true)
    await projects.click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await sameDocument(page)).toBe(true)
  })

  test('top-level links are there and the mobile toggle is not', async ({ page }) => {
    await page.goto('/')
    for (const name of ['Home', 'About', 'Projects', 'Blog', 'Support Deals']) {
      await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  })
})

test.describe('header, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('menu toggle, Show/Hide Services, closes on navigation', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')

    const show = mainNav(page).getByRole('button', { name: 'Show Services' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', { name: 'All Services' })).toBeHidden()
    await show.click()
    const hide = mainNav(page).getByRole('button', { name: 'Hide Services' })
    await expect(hide).toHaveAttribute('aria-expanded', 'true')
    await expect(mainNav(page).getByRole('link', { name: 'All Services' })).toBeVisible()
    await hide.click()
    await expect(mainNav(page).getByRole('button', { name: 'Show Services' })).toBeVisible()

    await mainNav(page).getByRole('link', { name: 'Projects', exact: true }).click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', { name: 'Blog', exact: true })).toBeHidden()
  })
})

test.describe('Quick WhatsApp Enquiry', () => {
  test('an incomplete submit does nothing; a complete one opens wa.me and closes', async ({
    page,
    context,
  }) => {
    await fakeWhatsApp(context)
    await page.goto('/')
    const enquiry = new WhatsAppEnquiry(page)
    await enquiry.open()
    const { dialog } = enquiry
    await expect(dialog).toBeVisible()

    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email')
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel')

    const newPages = countNewPages(context)
    await enquiry.field('Full name').fill('Sipho Dlamini')
    await enquiry.sendButton.click()
    await page.waitForTimeout(500)
    expect(newPages()).toBe(0)
    await expect(dialog).toBeVisible()
    // "Silently": no message of any kind appears.
    await expect(dialog.getByRole('alert')).toHaveCount(0)

    await enquiry.field('Email').fill('sipho@example.co.za')
    await enquiry.field('Phone').fill('+27 82 000 0001')
    await enquiry.field('Service').selectOption('security-and-surveillance')
    const popupPromise = context.waitForEvent('page')
    await enquiry.sendButton.click()
    const popup = await popupPromise
    await popup.waitForLoadState()
    expect(popup.url()).toMatch(/^https:\/\/wa\.me\//)
    const text = new URL(popup.url()).searchParams.get('text') ?? ''
    expect(text).toContain('Name: Sipho Dlamini')
    expect(text).toContain('Service: security-and-surveillance')
    expect(text).toContain('Message: (none)')
    await expect(dialog).toBeHidden()
  })

  test('Escape closes the dialog', async ({ page }) => {
    await page.goto('/')
    const enquiry = new WhatsAppEnquiry(page)
    await enquiry.open()
    await expect(enquiry.dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('testimonials', () => {
  const dot = (page: Page, n: number) =>
    page.getByRole('button', { name: `Show testimonial ${n}`, exact: true })

  test('next/previous wrap, dots jump, stars are labelled', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Testimonials' })
    await expect(carousel.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')

    await carousel.getByRole('button', { name: 'Next testimonial' }).click()
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true')
    await expect(dot(page, 1)).not.toHaveAttribute('aria-current', 'true')

    await carousel.getByRole('button', { name: 'Previous testimonial' }).click()
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click()
    await expect(dot(page, 5)).toHaveAttribute('aria-current', 'true')
    await carousel.getByRole('button', { name: 'Next testimonial' }).click()
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')

    const quote = carousel.locator('blockquote')
    const first = await quote.textContent()
    await dot(page, 4).click()
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true')
    await expect(quote).not.toHaveText(first ?? '')
  })

  test('auto-advances every 5000 ms', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.clock.install()
    await page.goto('/')
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true')
    // Its code loads, and the rotation starts, as the carousel nears the viewport: nobody reads a
    // testimonial that turns out of sight. Retry until one interval has run after that.
    await page.getByRole('region', { name: 'Testimonials' }).scrollIntoViewIfNeeded()
    await expect(async () => {
      await page.clock.runFor(5000)
      await expect(dot(page, 1)).not.toHaveAttribute('aria-current', 'true', { timeout: 250 })
    }).toPass()
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true')
    await page.clock.runFor(4000)
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true')
    await page.clock.runFor(1000)
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true')
  })
})

test.describe('brand logo carousel', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('next button and ArrowRight move it', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Technology partners' })
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel.getByRole('img').first()).toHaveAttribute('alt', /\S/)
    const firstSlide = carousel.getByRole('group').first()
    const x = async () => (await firstSlide.boundingBox())?.x ?? Number.NaN

    const start = await x()
    await carousel.getByRole('button', { name: 'Next logos' }).click()
    await expect.poll(x).not.toBe(start)

    const afterButton = await x()
    await carousel.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(x).not.toBe(afterButton)
    await expect(carousel.getByRole('button', { name: 'Previous logos' })).toBeVisible()
  })

  test('Embla starts as the carousel nears the viewport, not with the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const carousel = page.getByRole('region', { name: 'Technology partners' })
    // Embla positions the slide row with a transform; the server-rendered row has none.
    const track = carousel.locator('.touch-pan-y')
    await expect(track).not.toHaveAttribute('style', /translate/)
    await carousel.scrollIntoViewIfNeeded()
    await expect(track).toHaveAttribute('style', /translate/)
  })

  test('a button pressed before Embla has loaded takes effect once it has', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Technology partners' })
    const track = carousel.locator('.touch-pan-y')
    const firstSlide = carousel.getByRole('group').first()
    const x = async () => (await firstSlide.boundingBox())?.x ?? Number.NaN
    await carousel.scrollIntoViewIfNeeded()
    await expect(track).toHaveAttribute('style', /translate/)
    const started = await x()

    await page.goto('/')
    await page.waitForLoadState('networkidle')
    // Hold back the code fetched from here on (Embla's), so the click lands before it runs.
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await carousel.getByRole('button', { name: 'Next logos' }).click()
    await expect(track).toHaveAttribute('style', /translate/)
    // Where Embla starts, less one slide (it moves the row left).
    await expect.poll(x).toBeLessThan(started - 10)
  })

  test('buttons are hidden below md', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Technology partners' })
    await expect(carousel).toBeAttached()
    await expect(carousel.getByRole('button', { name: 'Next logos' })).toBeHidden()
  })
})

test.describe('project gallery', () => {
  test('ten photos; one opens large with its caption; Escape closes it', async ({ page }) => {
    await page.goto('/projects')
    const gallery = page
      .getByRole('list')
      .filter({ has: page.getByRole('button', { name: /computer lab/i }) })
    const photos = gallery.getByRole('button')
    await expect(photos).toHaveCount(10)

    const first = photos.first()
    const caption = (await first.locator('span').last().textContent())?.trim() ?? ''
    expect(caption).not.toBe('')
    await first.click()
    const dialog = page.getByRole('dialog', { name: caption })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img')).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await photos.nth(1).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('article share bar and view counter', () => {
  test('copy link puts the URL on the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(ARTICLE)
    const share = page.getByRole('link', { name: 'Share on WhatsApp' })
    await expect(share).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/)
    await expect(share).toHaveAttribute('target', '_blank')
    await expect(share).toHaveAttribute('rel', /noopener/)

    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect(page.getByText('Link copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(ARTICLE)
  })

  test('the view counter settles on a number of views', async ({ page }) => {
    await page.goto(ARTICLE)
    await expect(page.getByText(/^\d[\d\s,]* views$/)).toBeVisible()
  })
})

test.describe('/log-it support form', () => {
  const messages = {
    'Full name': 'Please enter your full name',
    'Contact number': 'Please enter a valid contact number',
    Email: 'Please enter a valid email address',
    Category: 'Please select a category',
    Description: 'Please provide a brief description',
  }

  test('an empty submit shows each spec message under its field', async ({ page }) => {
    const form = new SupportForm(page)
    await form.goto()
    await form.submitButton.click()
    for (const [label, message] of Object.entries(messages)) {
      const field = page.getByLabel(label, { exact: true })
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(new RegExp(message))
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await expect(page.getByLabel('Full name')).toBeFocused()
    await expect(page.getByLabel('WhatsApp number')).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('typed values survive a failed submit and errors clear as fields are fixed', async ({ page }) => {
    const form = new SupportForm(page)
    await form.goto()
    await form.field('Full name').fill('Thandi Mokoena')
    await form.field('Email').fill('thandi@')
    await form.submitButton.click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByLabel('Full name')).toHaveValue('Thandi Mokoena')
    await expect(page.getByLabel('Email')).toHaveValue('thandi@')
    await expect(page.getByText('Please enter your full name')).toHaveCount(0)

    await page.getByLabel('Email').fill('thandi@example.co.za')
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0)
    await expect(page.getByText('Please enter a valid contact number')).toBeVisible()
  })

  test('what the fields show is what is checked, even where the form did not see it typed', async ({
    page,
  }) => {
    // Text typed before the form hydrated (a click replayed at hydration can submit before the form
    // has adopted it), or filled in by a password manager without an input event, is in the field
    // but not in the form's state.
    const form = new SupportForm(page)
    await form.goto()
    await expect.poll(() => form.hydrated()).toBe(true)
    await form.field('Email').fill('thandi@')
    await form.field('Full name').evaluate((input: HTMLInputElement) => {
      input.value = 'Thandi Mokoena'
    })
    await form.submitButton.click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByText('Please enter your full name')).toHaveCount(0)
    await expect(form.field('Full name')).toHaveValue('Thandi Mokoena')
  })

  test('the spam trap is out of sight, out of the tab order and hidden from assistive technology', async ({
    page,
  }) => {
    await page.goto('/log-it')
    const trap = page.locator('input[name="company_website"]')
    await expect(trap).toHaveAttribute('tabindex', '-1')
    await expect(trap).toHaveAttribute('autocomplete', 'off')
    await expect(trap).not.toBeInViewport()
    await expect(page.getByRole('textbox', { name: 'Company website' })).toHaveCount(0)
  })
})

// Sending (success, failure, emails) is covered against the live stack in site-live.spec.ts.
test.describe('forms check their input before sending', () => {
  test('home quote form', async ({ page }) => {
    await page.goto('/#quote-form')
    const quote = new QuoteForm(page)
    const { form } = quote
    await quote.field('Full name').fill('Lerato Khumalo')
    await quote.submitButton.click()
    await expect(form.getByText('Please choose a service')).toBeVisible()
    await expect(form.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByText('Please enter your full name')).toHaveCount(0)
    await expect(form.getByLabel('Email')).toBeFocused()
    await expect(form.getByLabel('Full name')).toHaveValue('Lerato Khumalo')
    await expect(page.getByText('Quote request sent')).toHaveCount(0)
    await expect(form.locator('input[name="company_website"]')).toHaveAttribute('tabindex', '-1')
  })

  test('the home quote form loads its code as it nears the viewport, not with the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const quote = new QuoteForm(page)
    expect(await quote.hydrated()).toBe(false)
    // The rest of the page is live meanwhile.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await quote.form.scrollIntoViewIfNeeded()
    await expect.poll(() => quote.hydrated()).toBe(true)
  })

  test('a page opened by a client-side navigation loads its parts at once', async ({ page }) => {
    // From a page with a part of its own (the newsletter box), hydrated before the navigation.
    await page.goto('/blog')
    await markDocument(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
      .click()
    await expect(page).toHaveURL(/\/$/)
    expect(await sameDocument(page)).toBe(true)
    // No server HTML stood in for the form, so nothing waits for it to come into view.
    const quote = new QuoteForm(page)
    await expect.poll(() => quote.hydrated()).toBe(true)
  })

  test('what is typed before the form hydrates is kept once it does', async ({ page }) => {
    // Scripts are held back, so the first field is typed into the server-rendered form; a
    // controlled field would then be reset by the next render (a keystroke in another field).
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/#quote-form', { waitUntil: 'domcontentloaded' })
    const quote = new QuoteForm(page)
    await quote.field('Full name').fill('Lerato Khumalo')
    release()
    await expect.poll(() => quote.hydrated()).toBe(true)
    await quote.field('Email').fill('lerato@example.co.za')
    await expect(quote.field('Full name')).toHaveValue('Lerato Khumalo')
    await expect(quote.field('Email')).toHaveValue('lerato@example.co.za')
  })

  test('blog newsletter box', async ({ page }) => {
    await page.goto('/blog')
    await expect(page.getByText('No spam. Unsubscribe anytime.')).toBeVisible()
    const newsletter = new NewsletterBox(page)
    const { email } = newsletter
    await newsletter.subscribe('reader@')
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false)
    await expect(page.getByText(/check your inbox/i)).toHaveCount(0)
    await expect(email).toHaveValue('reader@')
  })
})
