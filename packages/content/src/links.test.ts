import { describe, expect, it } from 'vitest'
import { fillBrand, resolveLink, resolveLinks, withBrand } from './links'

const contacts = {
  phones: [{ e164: '+27110000000' }, { e164: '+27820000000' }],
  emails: {
    support: 'support@siyakha.example',
    careers: 'careers@siyakha.example',
    accounts: 'accounts@siyakha.example',
  },
  whatsappNumber: '+27820000000',
}

describe('content links', () => {
  it('resolves contact links from site settings', () => {
    expect(resolveLink({ label: 'Email Us', contact: 'email-accounts' }, contacts)?.href).toBe(
      'mailto:accounts@siyakha.example',
    )
    expect(resolveLink({ label: 'Call', contact: 'phone-primary' }, contacts)?.href).toBe('tel:+27110000000')
    expect(resolveLink({ label: 'Chat', contact: 'whatsapp' }, contacts)).toMatchObject({
      href: 'https://wa.me/27820000000',
      external: true,
    })
  })

  it('keeps paths and styles, and drops links that resolve to nothing', () => {
    expect(resolveLink({ label: 'Log a Call', href: '/log-a-call', style: 'secondary' }, contacts)).toEqual({
      label: 'Log a Call',
      href: '/log-a-call',
      style: 'secondary',
      external: false,
    })
    expect(
      resolveLinks([{ label: 'x', contact: 'email-careers' }, { label: 'y' }], { emails: null }),
    ).toEqual([])
  })

  it('replaces the {brand} token', () => {
    expect(withBrand('{brand} Blog: EdTech, Automation & AI', 'Siyakha Tech')).toBe(
      'Siyakha Tech Blog: EdTech, Automation & AI',
    )
  })

  it('fills {brand} in every string of a nested query result and leaves other values alone', () => {
    const page = {
      hero: { heading: 'Build your career in IT with {brand}', stats: [{ value: 15, label: null }] },
      seo: { description: 'Log a request with {brand}: {brand} replies.' },
      body: [{ _type: 'block', children: [{ _type: 'span', text: 'At {brand} we hire.' }] }],
      featured: true,
    }
    expect(fillBrand(page, 'Siyakha Tech')).toEqual({
      hero: { heading: 'Build your career in IT with Siyakha Tech', stats: [{ value: 15, label: null }] },
      seo: { description: 'Log a request with Siyakha Tech: Siyakha Tech replies.' },
      body: [{ _type: 'block', children: [{ _type: 'span', text: 'At Siyakha Tech we hire.' }] }],
      featured: true,
    })
    expect(fillBrand(null, 'Siyakha Tech')).toBeNull()
  })
})
