// Public: the home page quote form. Validates with the site's own schema, stores the request
// (QR- reference) and opens a ticket in the helpdesk queue (TCK- reference, channel web), then
// emails the requester and the support inbox.
import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { fieldLines, portalUrl, supportInbox } from '../_shared/mail.ts'
import { servePublicForm, summaryOf } from '../_shared/public-form.ts'

servePublicForm({
  name: 'quote-request',
  kind: 'quote',
  schema: quoteRequestSchema,
  limit: { windowSeconds: 600, max: 5 },
  toRow: (data) => ({ ...data, company: data.company || null }),
  ticket: (quote) => ({
    email: quote.email,
    full_name: quote.full_name,
    phone: quote.phone,
    summary: summaryOf(`Quote request: ${quote.service}${quote.company ? ` for ${quote.company}` : ''}`, 200),
    details: [
      quote.message,
      '',
      fieldLines([
        ['Company', quote.company],
        ['Phone', quote.phone],
      ]),
    ].join('\n'),
    category: quote.service,
  }),
  emails: (quote, ticket, { trackingRef, requestReference }) => ({
    requester: {
      to: quote.email,
      replyTo: supportInbox(),
      subject: `[${trackingRef}] ${ticket.summary}`,
      text: [
        `Hi ${quote.full_name},`,
        '',
        `Thank you for your quote request (${quote.service}). Your reference is ${trackingRef}. Our team will contact you shortly to talk through what you need.`,
        '',
        'What you told us:',
        quote.message,
        '',
        `Follow it in the portal: ${portalUrl()}/portal/my-tickets (sign in, or sign up with ${quote.email}).`,
        `To add anything, reply to this email and keep ${trackingRef} in the subject.`,
        '',
        'Siyakha Tech',
      ].join('\n'),
    },
    inbox: [
      {
        to: supportInbox(),
        replyTo: quote.email,
        subject: `[${trackingRef}] New quote request: ${quote.service} from ${quote.full_name}`,
        text: fieldLines([
          ['Ticket', trackingRef],
          ['Request', requestReference],
          ['Full name', quote.full_name],
          ['Company', quote.company],
          ['Email', quote.email],
          ['Phone', quote.phone],
          ['Service', quote.service],
          ['Message', `\n${quote.message}`],
        ]),
      },
    ],
  }),
})
