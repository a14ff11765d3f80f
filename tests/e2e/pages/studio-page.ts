import { expect, type Locator, type Page } from '@playwright/test'
import { isOfflineNoise, STUDIO_ORIGIN } from '../fixtures/content-lake'

/** Sanity Studio as the local Content Lake serves it, one document open (by its data-testids). */
export class StudioPage {
  /** Console errors other than the Studio's known offline ones. */
  readonly errors: string[] = []

  constructor(
    readonly page: Page,
    readonly origin = STUDIO_ORIGIN,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error' && !isOfflineNoise(message.text(), message.location().url)) {
        this.errors.push(`${message.text()} (${message.location().url})`)
      }
    })
  }

  async openDocument(id: string, type: string) {
    await this.page.goto(`${this.origin}/intent/edit/id=${id};type=${type}/`)
    await expect(this.page.getByTestId('action-publish')).toBeVisible({ timeout: 30_000 })
  }

  async showGroup(title: string) {
    await this.page.getByRole('tab', { name: title }).click()
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`)
  }

  /** An object or image field's fieldset (those carry no `field-` test id of their own). */
  fieldset(path: string): Locator {
    return this.page.locator('fieldset', { has: this.page.getByTestId(`field-actions-menu-${path}`) }).last()
  }

  /** The text input of a string field. */
  input(path: string): Locator {
    return this.field(path).locator('input[type="text"], textarea').first()
  }

  /**
   * The Studio saves each change and validates it after; until both settle, Publish may be about
   * to turn disabled (a just-uploaded image is invalid for a moment without its alt text).
   */
  async publish() {
    await expect(this.page.getByTestId('pane-footer-document-status-pulse')).toHaveCount(0, {
      timeout: 15_000,
    })
    await expect(this.page.getByTestId('input-validation-icon-error')).toHaveCount(0)
    const publish = this.page.getByTestId('action-publish')
    const published = this.page.getByText(/was published/)
    // A click can be dropped: the Studio holds a publish clicked while it still validates and lets
    // it go if validation then reports a passing problem, and the button comes back enabled with
    // nothing sent to the lake (twice in CI on 2026-11-26, after an image upload, the lake's answers
    // all fine). An editor clicks again; so does this, until the Studio says it published.
    await expect(async () => {
      if (await published.isVisible()) return
      await expect(publish).toBeEnabled()
      await publish.click()
      await expect(published).toBeVisible({ timeout: 10_000 })
    }).toPass({ timeout: 45_000 })
  }
}
