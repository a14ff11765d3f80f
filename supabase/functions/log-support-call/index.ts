// Public: the /log-it support request form. Validates with the site's own schema, stores the
// request with an SR- reference, and emails the requester and the support inbox.
import { supportRequestSchema } from '@siyakha/schemas/support-request'
import { fieldLines, supportInbox } from '../_shared/mail.ts'
import { servePublicForm } from '../_shared/public-form.ts'

servePublicForm({
  name: 'log-support-call',
  table: 'support_requests',
  referencePrefix: 'SR',
  schema: supportRequestSchema,
  limit: { windowSeconds: 600, max: 5 },
  toRow: (data) => ({ ...data, whatsapp_number: data.whatsapp_number || null }),
  emails: (request, reference) => ({
    requester: {
      to: request.email,
      replyTo: supportInbox(),
      subject: `We've received your support request ${reference}`,
      text: [
        `Hi ${request.full_name},`,
        '',
        `We've received your support request ${reference} (${request.category}). Our support team will contact you shortly by email.`,
        '',
        'What you told us:',
        request.description,
        '',
        `If you need to add anything, reply to this email and keep ${reference} in the subject.`,
        'Business hours: 08:00 to 17:00, Monday to Friday.',
        '',
        'Siyakha Tech',
      ].join('\n'),
    },
    inbox: [
      {
        to: supportInbox(),
        replyTo: request.email,
        subject: `New support request ${reference}: ${request.category} from ${request.full_name}`,
        text: fieldLines([
          ['Reference', reference],
          ['Full name', request.full_name],
          ['Contact number', request.contact_number],
          ['WhatsApp number', request.whatsapp_number],
          ['Email', request.email],
          ['Category', request.category],
          ['Preferred channel', request.preferred_channel],
          ['Description', `\n${request.description}`],
        ]),
      },
    ],
  }),
})
