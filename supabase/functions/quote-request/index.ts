// Public: the home page quote form. Validates with the site's own schema, stores the request
// with a QR- reference, and emails the requester and the support inbox.
import { quoteRequestSchema } from '@siyakha/schemas/quote-request'
import { isBot } from '../_shared/honeypot.ts'
import { clientIp, json, readJson, serve, sha256, validationError } from '../_shared/http.ts'
import { fieldLines, sendMail, supportInbox } from '../_shared/mail.ts'
import { enforceRateLimit, insertWithReference, newReference, serviceClient } from '../_shared/supabase.ts'

/** Per address: 5 requests per 10 minutes. */
const WINDOW_SECONDS = 600
const MAX_PER_WINDOW = 5

serve({
  async POST(req) {
    const service = serviceClient()
    await enforceRateLimit(
      service,
      'quote-request',
      await sha256(clientIp(req)),
      WINDOW_SECONDS,
      MAX_PER_WINDOW,
    )
    const body = await readJson(req)
    if (isBot(body)) return json(req, 200, { reference: newReference('QR') })
    const parsed = quoteRequestSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error.issues)
    const quote = { ...parsed.data, company: parsed.data.company || null }

    const reference = await insertWithReference(service, 'quote_requests', 'QR', quote)

    await sendMail({
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
    })
    await sendMail({
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
    })
    return json(req, 200, { reference })
  },
})
