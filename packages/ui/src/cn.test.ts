import { describe, expect, it } from 'vitest'
import { buttonClasses } from './button'
import { cn } from './cn'

describe('cn', () => {
  it('skips falsy values', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b')
  })

  it('lets a later class win over an earlier one for the same property', () => {
    expect(cn('m-auto max-w-lg rounded-xl', 'max-w-4xl')).toBe('m-auto rounded-xl max-w-4xl')
    expect(cn('text-brand-700 underline-offset-4', 'text-white')).toBe('underline-offset-4 text-white')
  })

  it('keeps classes for different properties, including the theme colours', () => {
    expect(cn('text-lg text-brand-900', 'bg-brand-100')).toBe('text-lg text-brand-900 bg-brand-100')
  })

  it("a button's className overrides its variant", () => {
    const classes = buttonClasses({ variant: 'link', className: 'text-white' }).split(' ')
    expect(classes).toContain('text-white')
    expect(classes).not.toContain('text-brand-700')
  })
})
