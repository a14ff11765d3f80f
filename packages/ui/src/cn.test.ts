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
        // The focus ring's colour comes with the base look (btn or btn-dark), never as an override.
        expect(
          list.filter((c) => c === 'btn' || c === 'btn-dark'),
          `${variant}, onDark ${onDark}`,
        ).toEqual(onDark ? ['btn', 'btn-dark'] : ['btn'])
        expect(list.filter((c) => c.startsWith('focus-visible:outline-'))).toEqual([])
        const textColours = list.filter((c) => /^text-(white|brand-\d+)$/.test(c))
        expect(textColours.length, `${variant}, onDark ${onDark}`).toBeLessThanOrEqual(1)
      }
    }
  })

  it('on a dark band, turns the focus ring and a plain link white', () => {
    expect(classes({ variant: 'link', onDark: true })).toEqual(
      expect.arrayContaining(['text-white', 'btn-dark']),
    )
    expect(classes({ variant: 'link', onDark: true })).not.toContain('text-brand-700')
    expect(classes({ variant: 'link' })).toContain('text-brand-700')
    expect(classes({ variant: 'primary' })).not.toContain('btn-dark')
  })

  it('adds a caller’s layout classes', () => {
    expect(classes({ className: 'mt-6 w-full' })).toEqual(expect.arrayContaining(['mt-6', 'w-full']))
  })
})
