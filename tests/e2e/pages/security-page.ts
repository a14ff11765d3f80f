import type { Page } from '@playwright/test'
import { PORTAL_ORIGIN } from '../site'

/** /portal/security: two-factor sign-in, and the provider admin's requirement for all staff. */
export class SecurityPage {
  readonly twoFactor
  readonly turnOn
  readonly qrCode
  readonly setupKey
  readonly code
  readonly verify
  readonly requirement

  constructor(readonly page: Page) {
    this.twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' })
    this.turnOn = this.twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' })
    this.qrCode = this.twoFactor.getByRole('img', { name: 'QR code to scan with your authenticator app' })
    this.setupKey = this.twoFactor.getByLabel('Setup key')
    this.code = this.twoFactor.getByLabel('6-digit code')
    this.verify = this.twoFactor.getByRole('button', { name: 'Verify and turn on' })
    this.requirement = page.getByRole('switch', { name: 'Require two-factor sign-in for all staff' })
  }

  async goto() {
    await this.page.goto(`${PORTAL_ORIGIN}/portal/security`)
  }

  /** Sends a code with the setup form. */
  async confirm(code: string) {
    await this.code.fill(code)
    await this.verify.click()
  }
}
