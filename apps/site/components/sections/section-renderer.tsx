import { sectionComponents, tintedSections } from './registry'
import { lookupSection } from './section-lookup'
import type { Section, SectionComponent, SectionContext, SectionType } from './types'

export type { Section, SectionContext } from './types'

/** Renders page-builder sections through the registry, each in its own `<section>` band. */
export function Sections({ sections, ctx }: { sections: Section[] | null | undefined; ctx: SectionContext }) {
  return (
    <>
      {(sections ?? []).map((section, index) => {
        // Each entry takes its own member of the union; TypeScript cannot follow the lookup by key.
        const Body = lookupSection(sectionComponents, section._type) as SectionComponent<SectionType> | null
        if (!Body) return null
        return (
          <section
            key={section._key}
            // Spread, not `id={undefined}`: an undefined prop still costs the RSC payload a "$undefined".
            {...(section.anchor ? { id: section.anchor } : {})}
            className={tintedSections.has(section._type) ? 'band-tint' : 'band'}
          >
            <Body section={section} ctx={ctx} lead={index === 0} />
          </section>
        )
      })}
    </>
  )
}

/** FAQ entries of every faqSection, for FAQPage structured data. */
export function faqsOf(sections: Section[] | null | undefined) {
  return (sections ?? []).flatMap((s) => (s._type === 'faqSection' ? (s.faqs ?? []) : []))
}
