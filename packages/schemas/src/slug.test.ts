import { describe, expect, it } from 'vitest'
import { slugify } from './slug'

describe('slugify', () => {
  it.each([
    ['Infrastructure & Networking', 'infrastructure-and-networking'],
    ['Security & Surveillance', 'security-and-surveillance'],
    ['Cloud & Edge Solutions', 'cloud-and-edge-solutions'],
    ['Smart Collaboration Tools', 'smart-collaboration-tools'],
    ['National Field Support', 'national-field-support'],
    ['Cutovers & SIM Replacements', 'cutovers-and-sim-replacements'],
    ['Healthcare IT Support', 'healthcare-it-support'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })
})
