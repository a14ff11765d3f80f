import { describe, expectTypeOf, it } from 'vitest'
import type { sectionComponents } from './registry'
import type { SectionRegistry, SectionType } from './types'

// Type-level checks, enforced by `tsc` (the typecheck step): vitest runs them as empty tests.
describe('the section registry', () => {
  it('has a component for exactly the section types the Studio defines', () => {
    expectTypeOf<keyof typeof sectionComponents>().toEqualTypeOf<SectionType>()
  })

  it('stops compiling when the Studio gains a section type without a component', () => {
    type Grown = SectionType | 'videoSection'
    // @ts-expect-error the registry has no component for 'videoSection'
    const grown: SectionRegistry<Grown> = {} as typeof sectionComponents
    expectTypeOf(grown).toHaveProperty('videoSection')
  })
})
