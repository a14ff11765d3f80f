// Public: the home page quote form. Validates with the site's own schema, stores the request
// with a QR- reference, and emails the requester and the support inbox.
import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { fieldLines, supportInbox } from '../_shared/mail.ts'
import { servePublicForm } from '../_shared/public-form.ts'

servePublicForm({
  name: 'quote-request',
  table: 'quote_requests',
  referencePrefix: 'QR',
  schema: quoteRequestSchema,
  limit: { windowSeconds: 600, max: 5 },
  toRow: (data) => ({ ...data, company: data.company || null }),
  emails: (quote, reference) => ({
    requester: {
      to: quote.email,
      replyTo: supportInbox(),
      subject: `We've received your quote request ${reference}`,
      text: [
        `Hi ${quote.full_name},`,
        '',
        `Thank you for your quote request ${reference} (${quote.service}). Our team will contact you shortly to talk through what you need.`,
        '',
        'What you told us:',
        quote.message,
        '',
        `To add anything, reply to this email and keep ${reference} in the subject.`,
        '',
        'Siyakha Tech',
      ].join('\n'),
    },
    inbox: [
      {
        to: supportInbox(),
        replyTo: quote.email,
        subject: `New quote request ${reference}: ${quote.service} from ${quote.full_name}`,
        text: fieldLines([
          ['Reference', reference],
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
