// Public: the /log-it support request form. Validates with the site's own schema, stores the
// request with an SR- reference, and emails the requester and the support inbox.
import { supportRequestSchema } from '@siyakha/schemas/support-request'
import { isBot } from '../_shared/honeypot.ts'
import { clientIp, json, readJson, serve, sha256, validationError } from '../_shared/http.ts'
import { fieldLines, sendMail, supportInbox } from '../_shared/mail.ts'
import { enforceRateLimit, insertWithReference, newReference, serviceClient } from '../_shared/supabase.ts'

/** Per address: 5 submissions per 10 minutes. */
const WINDOW_SECONDS = 600
const MAX_PER_WINDOW = 5

serve({
  async POST(req) {
    const service = serviceClient()
    await enforceRateLimit(
      service,
      'log-support-call',
      await sha256(clientIp(req)),
      WINDOW_SECONDS,
      MAX_PER_WINDOW,
    )
    const body = await readJson(req)
    if (isBot(body)) return json(req, 200, { reference: newReference('SR') })
    const parsed = supportRequestSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error.issues)
    const request = { ...parsed.data, whatsapp_number: parsed.data.whatsapp_number || null }

    const reference = await insertWithReference(service, 'support_requests', 'SR', request)

    await sendMail({
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
    })
    await sendMail({
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
    })
    return json(req, 200, { reference })
  },
})
