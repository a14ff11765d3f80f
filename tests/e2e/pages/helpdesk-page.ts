import type { Page } from '@playwright/test'

export interface HelpdeskFilters {
  status?: string
  search?: string
  mine?: boolean
  /** An option's label of the Assignee filter (e.g. 'Unassigned', an agent's name). */
  assignee?: string
  priority?: string
  breached?: boolean
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
    this.table = page.getByRole('table', { name: 'Helpdesk queue' })
    // The side panel's properties: one small form each, saved as soon as it changes.
    this.status = page.getByRole('form', { name: 'Status', exact: true })
    this.priority = page.getByRole('form', { name: 'Priority', exact: true })
    this.assignee = page.getByRole('form', { name: 'Assignee', exact: true })
    this.replyForm = this.region('Reply or note')
    this.conversation = this.region('Conversation')
  }

  region(name: string) {
    return this.page.getByRole('region', { name, exact: true })
  }

  /** The queue's filter form (the bulk bar has labels of its own). */
  get filters() {
    return this.page.getByRole('search', { name: 'Filter tickets' })
  }

  async filter(filters: HelpdeskFilters) {
    const form = this.filters
    if (filters.status) await form.getByLabel('Status').selectOption(filters.status)
    if (filters.search !== undefined) await form.getByLabel('Search').fill(filters.search)
    if (filters.mine !== undefined) await form.getByLabel('Assignee').selectOption(filters.mine ? 'mine' : '')
    if (filters.assignee !== undefined)
      await form.getByLabel('Assignee').selectOption({ label: filters.assignee })
    if (filters.priority !== undefined) await form.getByLabel('Priority').selectOption(filters.priority)
    if (filters.breached !== undefined) await form.getByLabel('SLA breached').setChecked(filters.breached)
    await form.getByRole('button', { name: 'Apply filters' }).click()
  }

  /** Picks a status; it saves at once (closing waits for a close reason). */
  async setStatus(status: string) {
    await this.status.getByLabel('Status', { exact: true }).selectOption(status)
  }

  async setPriority(priority: string) {
    await this.priority.getByLabel('Priority', { exact: true }).selectOption(priority)
  }

  /** The assignee's option as shown, e.g. 'Sipho Dlamini (you)' or 'Unassigned'. */
  assigneeShown() {
    return this.assignee.getByLabel('Assignee', { exact: true }).locator('option:checked')
  }

  /** Adds an internal note or a public reply to the conversation. */
  async addToConversation(
    kind: 'Internal note (staff only)' | 'Public reply (the customer sees it)' | RegExp,
    text: string,
  ) {
    await this.replyForm.getByLabel(kind).check()
    await this.replyForm.getByLabel('Message').fill(text)
    await this.replyForm
      .getByRole('button', {
        name: /^(Send public reply|Send WhatsApp reply|Add internal note|Add to timeline)$/,
      })
      .click()
  }
}
