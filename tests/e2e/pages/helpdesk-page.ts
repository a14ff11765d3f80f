import type { Page } from '@playwright/test'

export interface HelpdeskFilters {
  status?: string
  search?: string
  mine?: boolean
}

/** The staff helpdesk: the ticket list (/portal/helpdesk) and a ticket's staff view. */
export class HelpdeskPage {
  readonly table
  readonly status
  readonly priority
  readonly assignee
  readonly replyForm
  readonly conversation

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Tickets, newest first' })
    this.status = this.region('Status')
    this.priority = this.region('Priority')
    this.assignee = this.region('Assignee')
    this.replyForm = this.region('Reply or note')
    this.conversation = this.region('Conversation')
  }

  region(name: string) {
    return this.page.getByRole('region', { name, exact: true })
  }

  async filter(filters: HelpdeskFilters) {
    if (filters.status) await this.page.getByLabel('Status').selectOption(filters.status)
    if (filters.search !== undefined) await this.page.getByLabel('Search').fill(filters.search)
    if (filters.mine !== undefined) await this.page.getByLabel('Assigned to me').setChecked(filters.mine)
    await this.page.getByRole('button', { name: 'Apply filters' }).click()
  }

  async setStatus(status: string) {
    await this.status.getByLabel('New status').selectOption(status)
    await this.status.getByRole('button', { name: 'Update status' }).click()
  }

  async setPriority(priority: string) {
    await this.priority.getByLabel('New priority').selectOption(priority)
    await this.priority.getByRole('button', { name: 'Update priority' }).click()
  }

  /** Adds an internal note or a public reply to the conversation. */
  async addToConversation(
    kind: 'Internal note (staff only)' | 'Public reply (the customer sees it)' | RegExp,
    text: string,
  ) {
    await this.replyForm.getByLabel(kind).check()
    await this.replyForm.getByLabel('Message').fill(text)
    await this.replyForm.getByRole('button', { name: 'Add to timeline' }).click()
  }
}
