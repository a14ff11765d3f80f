import type { Locator, Page } from '@playwright/test'

/** Whether React has hydrated `form` yet (it keeps its fiber on the element). */
function hydrated(form: Locator): Promise<boolean> {
  return form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))
}

/** The /log-it support request form. */
export class SupportForm {
  readonly submitButton

  constructor(readonly page: Page) {
    this.submitButton = page.getByRole('button', { name: 'Submit Request' })
  }

  async goto() {
    await this.page.goto('/log-it')
  }

  field(label: string): Locator {
    return this.page.getByLabel(label)
  }

  hydrated(): Promise<boolean> {
    return hydrated(this.page.locator('form', { has: this.submitButton }))
  }

  /** A complete, valid request from `email`. */
  async fill(email: string) {
    await this.field('Full name').fill('Thandi Mokoena')
    await this.field('Contact number').fill('011 000 0000')
    await this.field('Email').fill(email)
    await this.field('Category').selectOption('Network Issue')
    await this.field('Description').fill('The office Wi-Fi drops every afternoon after two.')
  }
}

/** The quote form at the foot of the home page (#quote-form). */
export class QuoteForm {
  readonly form
  readonly submitButton

  constructor(readonly page: Page) {
    this.form = page.locator('#quote-form')
    this.submitButton = this.form.getByRole('button', { name: /quote/i })
  }

  field(label: string): Locator {
    return this.form.getByLabel(label)
  }

  hydrated(): Promise<boolean> {
    return hydrated(this.form.locator('form'))
  }

  /** A complete request for the first service in the list. */
  async fill(values: { fullName: string; email: string; phone: string; message: string }) {
    await this.field('Full name').fill(values.fullName)
    await this.field('Email').fill(values.email)
    await this.field('Phone').fill(values.phone)
    await this.field('Service').selectOption({ index: 1 })
    await this.field('Message').fill(values.message)
  }
}

/** The blog's newsletter box. */
export class NewsletterBox {
  readonly email
  readonly subscribeButton

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email address')
    this.subscribeButton = page.getByRole('button', { name: 'Subscribe' })
  }

  async subscribe(email: string) {
    await this.email.fill(email)
    await this.subscribeButton.click()
  }
}

/** The Quick WhatsApp Enquiry dialog behind the floating "Chat on WhatsApp" button. */
export class WhatsAppEnquiry {
  readonly dialog
  readonly sendButton

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Quick WhatsApp Enquiry' })
    this.sendButton = this.dialog.getByRole('button', { name: 'Send via WhatsApp' })
  }

  async open() {
    await this.page.getByRole('button', { name: 'Chat on WhatsApp' }).click()
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label)
  }
}
