import { describe, expect, it } from 'vitest'
import { buttonClasses } from './button'
import { cn } from './cn'

describe('cn', () => {
  it('joins the truthy class names in order', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b')
    expect(cn('text-lg text-brand-900', 'bg-brand-100')).toBe('text-lg text-brand-900 bg-brand-100')
  })
})

describe('buttonClasses', () => {
  const classes = (options: Parameters<typeof buttonClasses>[0]) => buttonClasses(options).split(' ')

  it('sets each property once, so no rule order decides the look', () => {
    for (const variant of ['primary', 'secondary', 'outline', 'ghost', 'link', 'destructive'] as const) {
      for (const onDark of [false, true]) {
        const list = classes({ variant, onDark })
        const outlines = list.filter(
          (c) => c.startsWith('focus-visible:outline-') && !/outline-(2|offset)/.test(c),
        )
        expect(outlines, `${variant}, onDark ${onDark}`).toHaveLength(1)
        const textColours = list.filter((c) => /^text-(white|brand-\d+)$/.test(c))
        expect(textColours.length, `${variant}, onDark ${onDark}`).toBeLessThanOrEqual(1)
      }
    }
  })

  it('on a dark band, turns the focus ring and a plain link white', () => {
    expect(classes({ variant: 'link', onDark: true })).toEqual(
      expect.arrayContaining(['text-white', 'focus-visible:outline-white']),
    )
    expect(classes({ variant: 'link', onDark: true })).not.toContain('text-brand-700')
    expect(classes({ variant: 'link' })).toContain('text-brand-700')
    expect(classes({ variant: 'primary', onDark: true })).not.toContain('focus-visible:outline-brand-600')
  })

  it('adds a caller’s layout classes', () => {
    expect(classes({ className: 'mt-6 w-full' })).toEqual(expect.arrayContaining(['mt-6', 'w-full']))
  })
})
