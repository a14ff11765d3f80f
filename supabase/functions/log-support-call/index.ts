// Public: the /log-it support request form. Validates with the site's own schema, stores the
// request (SR- reference) and opens a ticket in the helpdesk queue (TCK- reference, channel web),
// then emails the requester and the support inbox.
import { supportRequestSchema } from '@siyakha/schemas/support-request'
import { fieldLines, portalUrl, supportInbox } from '../_shared/mail.ts'
import { servePublicForm, summaryOf } from '../_shared/public-form.ts'

servePublicForm({
  name: 'log-support-call',
  kind: 'support',
  schema: supportRequestSchema,
  limit: { windowSeconds: 600, max: 5 },
  toRow: (data) => ({ ...data, whatsapp_number: data.whatsapp_number || null }),
  ticket: (request) => ({
    email: request.email,
    full_name: request.full_name,
    phone: request.contact_number,
    summary: `${request.category}: ${summaryOf(request.description, 120)}`,
    details: [
      request.description,
      '',
      fieldLines([
        ['Contact number', request.contact_number],
        ['WhatsApp number', request.whatsapp_number],
      ]),
    ].join('\n'),
    category: request.category,
  }),
  emails: (request, ticket, { trackingRef, requestReference }) => ({
    requester: {
      to: request.email,
      replyTo: supportInbox(),
      subject: `[${trackingRef}] ${ticket.summary}`,
      text: [
        `Hi ${request.full_name},`,
        '',
        `We've received your support request (${request.category}). Your ticket reference is ${trackingRef}. Our support team will contact you shortly by email.`,
        '',
        'What you told us:',
        request.description,
        '',
        `Follow the ticket in the portal: ${portalUrl()}/portal/my-tickets (sign in, or sign up with ${request.email}).`,
        `If you need to add anything, reply to this email and keep ${trackingRef} in the subject.`,
        // The number typed on the form proves nothing about who holds it (messaging-contract.md §6):
        // our WhatsApp answers go to it only once it has written to us with the reference.
        ...(request.whatsapp_number
          ? [
              `To continue on WhatsApp, send us a message from ${request.whatsapp_number} that includes "Ref: ${trackingRef}". We reply on WhatsApp only to a number that has written to us about this ticket.`,
            ]
          : []),
        'Business hours: 08:00 to 17:00, Monday to Friday.',
        '',
        'Siyakha Tech',
      ].join('\n'),
    },
    inbox: [
      {
        to: supportInbox(),
        replyTo: request.email,
        subject: `[${trackingRef}] New support request: ${request.category} from ${request.full_name}`,
        text: fieldLines([
          ['Ticket', trackingRef],
          ['Request', requestReference],
          ['Full name', request.full_name],
          ['Contact number', request.contact_number],
          ['WhatsApp number (unverified until it writes with the reference)', request.whatsapp_number],
          ['Email', request.email],
          ['Category', request.category],
          ['Preferred channel', request.preferred_channel],
          ['Description', `\n${request.description}`],
        ]),
      },
    ],
  }),
})
