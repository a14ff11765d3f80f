import { describe, expect, it } from 'vitest'
import {
  continueOnWhatsappLink,
  enquiryLink,
  shareLink,
  ticketMessageText,
  ticketUpdateLink,
} from './whatsapp'

const enquiry = {
  name: 'Sipho Dlamini',
  email: 'sipho@example.co.za',
  phone: '+27 82 000 0001',
  service: 'security-and-surveillance',
  message: '',
}

describe('WhatsApp links', () => {
  it('pre-fills the enquiry, with (none) for an empty message', () => {
    const link = enquiryLink('+27 82 000 0000', enquiry)
    expect(link).not.toBeNull()
    const url = new URL(link as string)
    expect(url.origin + url.pathname).toBe('https://wa.me/27820000000')
    expect(url.searchParams.get('text')).toBe(
      [
        'New website enquiry',
        'Name: Sipho Dlamini',
        'Email: sipho@example.co.za',
        'Phone: +27 82 000 0001',
        'Service: security-and-surveillance',
        'Message: (none)',
      ].join('\n'),
    )
  })

  it('keeps a given message and encodes it', () => {
    const link = enquiryLink('+27820000000', { ...enquiry, message: 'Cameras & NVR?' }) as string
    expect(link).toContain(encodeURIComponent('Message: Cameras & NVR?'))
  })

  it('returns nothing when a required field is empty or the service is unknown', () => {
    expect(enquiryLink('+27820000000', { ...enquiry, name: ' ' })).toBeNull()
    expect(enquiryLink('+27820000000', { ...enquiry, service: 'gardening' })).toBeNull()
  })

  it('builds the share and ticket links', () => {
    expect(shareLink('Read this: https://x.example/a')).toBe(
      'https://wa.me/?text=Read%20this%3A%20https%3A%2F%2Fx.example%2Fa',
    )
    expect(ticketMessageText('Printer down', 'TCK-AB12CD')).toBe('Printer down\n\nRef: TCK-AB12CD')
    expect(ticketUpdateLink('+27820000001', 'hi')).toBe('https://wa.me/27820000001?text=hi')
  })

  it('continues a ticket on WhatsApp with the company number and the reference filled in', () => {
    expect(continueOnWhatsappLink('+27 11 000 0000', 'TCK-AB12CD')).toBe(
      'https://wa.me/27110000000?text=Ref%3A%20TCK-AB12CD%0A',
    )
    // With the requester's one-time code, the message proves the phone is theirs.
    expect(continueOnWhatsappLink('+27 11 000 0000', 'TCK-AB12CD', '042917')).toBe(
      'https://wa.me/27110000000?text=Ref%3A%20TCK-AB12CD%20Verify%20042917%0A',
    )
  })
})
