import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { createCompanyAdminSchema } from './company-admin'
import { staffReplySchema } from './helpdesk'
import { newsletterSubscribeSchema } from './newsletter'
import { quoteRequestSchema } from './quote-request'
import { supportRequestSchema } from './support-request'
import { EMAIL_MAX, isStorableText, LIMITS, TEXT_MESSAGES, text } from './text'
import { ticketFormSchema } from './ticket'
import { messagesIntentSchema } from './ticket-messages'

const support = {
  full_name: 'Thandi Mokoena',
  contact_number: '011 000 0000',
  whatsapp_number: '',
  email: 'thandi@example.co.za',
  category: 'Network Issue',
  description: 'The office Wi-Fi drops every afternoon around three.',
  preferred_channel: 'email',
}
const quote = {
  full_name: 'Pieter van Wyk',
  company: 'Van Wyk Logistics',
  email: 'pieter@example.co.za',
  phone: '+27 11 000 0000',
  service: 'cloud-and-edge-solutions',
  message: 'We want to move our file server and backups to the cloud.',
}

describe('text()', () => {
  it('trims, and refuses NUL and unpaired surrogates with a clear message', () => {
    expect(text(10).parse('  ok  ')).toBe('ok')
    expect(text(10).safeParse('a\u0000b').error?.issues[0]?.message).toBe(TEXT_MESSAGES.nul)
    for (const broken of ['a\uD800', '\uDC00b', 'x\uDBFFy', '\uDFFF\uD800']) {
      expect(text(10).safeParse(broken).error?.issues[0]?.message).toBe(TEXT_MESSAGES.surrogate)
      expect(isStorableText(broken)).toBe(false)
    }
    // A real pair (an emoji) is one character to PostgreSQL and fine.
    expect(text(10).parse('ok 👍')).toBe('ok 👍')
  })

  it('gives every public field the same rule', () => {
    for (const [field, value] of Object.entries(support)) {
      if (field === 'preferred_channel') continue
      const errors = fieldErrors(supportRequestSchema, { ...support, [field]: `${value}\u0000` })
      expect(errors[field], field).toBe(TEXT_MESSAGES.nul)
    }
    for (const [field, value] of Object.entries(quote)) {
      const errors = fieldErrors(quoteRequestSchema, { ...quote, [field]: `${value}\uD800` })
      expect(errors[field], field).toBe(TEXT_MESSAGES.surrogate)
    }
    expect(
      createCompanyAdminSchema.safeParse({ company_name: 'Acme\u0000', admin_email: 'a@b.co' }).success,
    ).toBe(false)
    const intent = {
      ticket_id: '00000000-0000-4000-8000-000000000000',
      phoneE164: '+27820000000',
      message: 'Hi\uDC00',
    }
    expect(fieldErrors(messagesIntentSchema, intent).message).toBe(TEXT_MESSAGES.surrogate)
    expect(
      fieldErrors(staffReplySchema, { ticketId: intent.ticket_id, kind: 'public', body: 'x\u0000' }).body,
    ).toBe(TEXT_MESSAGES.nul)
    expect(
      fieldErrors(ticketFormSchema, { summary: 'a\u0000', phone: '+27820000000', message: 'm' }).summary,
    ).toBe(TEXT_MESSAGES.nul)
  })

  it('refuses over-long fields with a message instead of letting the database refuse them', () => {
    const errors = fieldErrors(supportRequestSchema, {
      ...support,
      full_name: 'x'.repeat(LIMITS.fullName + 1),
      description: 'x'.repeat(LIMITS.description + 1),
      email: `${'a'.repeat(EMAIL_MAX)}@example.com`,
    })
    expect(errors).toEqual({
      full_name: 'Keep this under 200 characters',
      description: 'Keep this under 10000 characters',
      email: 'Please enter a valid email address',
    })
    expect(
      supportRequestSchema.safeParse({ ...support, full_name: 'x'.repeat(LIMITS.fullName) }).success,
    ).toBe(true)
    expect(newsletterSubscribeSchema.safeParse({ email: `${'a'.repeat(250)}@b.co` }).success).toBe(false)
  })
})

describe('the limits are the database constraints', () => {
  // Each table's definition is read where it is kept, once: supabase/schemas/*.sql.
  const schemas = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../supabase/schemas')
  const sql = readdirSync(schemas)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => readFileSync(path.join(schemas, file), 'utf8'))
    .join('\n')
  /** The upper bound of the `char_length(<column>) <= n` check on `<table>`, as PostgreSQL prints it. */
  function columnMax(table: string, column: string): number {
    const check = new RegExp(
      `^alter table public\\.${table} add constraint \\w+ CHECK \\(.*char_length\\((?:btrim\\()?${column}\\)?\\) <= (\\d+)\\)`,
      'm',
    ).exec(sql)
    if (!check) throw new Error(`no length check for ${table}.${column}`)
    return Number(check[1])
  }

  it.each([
    ['support_requests', 'full_name', LIMITS.fullName],
    ['support_requests', 'contact_number', LIMITS.contactNumber],
    ['support_requests', 'whatsapp_number', LIMITS.whatsappNumber],
    ['support_requests', 'category', LIMITS.category],
    ['support_requests', 'description', LIMITS.description],
    ['quote_requests', 'full_name', LIMITS.fullName],
    ['quote_requests', 'company', LIMITS.company],
    ['quote_requests', 'phone', LIMITS.phone],
    ['quote_requests', 'service', LIMITS.service],
    ['quote_requests', 'message', LIMITS.message],
    ['companies', 'name', LIMITS.companyName],
    ['ticket_messages', 'body', LIMITS.ticketMessage],
  ])('%s.%s ≤ %i', (table, column, limit) => {
    expect(columnMax(table, column)).toBe(limit)
  })

  it('no stored email may be longer than the column allows', () => {
    for (const table of ['support_requests', 'quote_requests', 'newsletter_subscribers']) {
      expect(columnMax(table, 'email')).toBeGreaterThanOrEqual(EMAIL_MAX)
    }
  })
})
