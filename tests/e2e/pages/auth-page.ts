import { expect, type Page } from '@playwright/test'
import { PASSWORD } from '../fixtures/demo'
import { PORTAL_ORIGIN } from '../site'

/** The portal's /auth screen (also served through the site's origin). */
export class AuthPage {
  readonly email
  readonly password
  readonly signInButton

  constructor(
    readonly page: Page,
    readonly origin = PORTAL_ORIGIN,
  ) {
    this.email = page.getByLabel('Email')
    this.password = page.getByLabel('Password')
    this.signInButton = page.getByRole('button', { name: 'Sign In', exact: true })
  }

  /** Opens /auth with the page to return to after signing in. */
  async gotoFrom(path: string) {
    await this.page.goto(`${this.origin}/auth?from=${encodeURIComponent(path)}`)
  }

  /** Fills the form and presses Sign In (the page is already on /auth). */
  async signIn(email: string, password = PASSWORD) {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.signInButton.click()
  }

  /** Signs in from /auth?from=`path` and waits until the portal has sent the page on to `path`. */
  async signInTo(path: string, email: string) {
    await this.gotoFrom(path)
    await this.signIn(email)
    await expect(this.page).toHaveURL(`${this.origin}${path}`)
  }
}
