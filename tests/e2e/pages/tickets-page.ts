import type { Page } from '@playwright/test'

/** The customer's side of the portal: the create form on /portal/tickets and a ticket's page. */
export class TicketsPage {
  readonly createButton
  readonly conversation

  constructor(readonly page: Page) {
    this.createButton = page.getByRole('button', { name: 'Create & Open WhatsApp' })
    this.conversation = page.getByRole('region', { name: 'Conversation' })
  }

  /** Fills the create form: the ticket, the customer's own WhatsApp, and the message that hands it over. */
  async fillTicket(summary: string) {
    await this.page.getByLabel('Summary').fill(summary)
    await this.page.getByLabel('Details').fill('Reported through the portal end-to-end test.')
    await this.page.getByLabel('Your WhatsApp number').fill('+27 82 123 4567')
    await this.page.getByLabel('Message').fill(`${summary}. Please call me back.`)
  }
}
