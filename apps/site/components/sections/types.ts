import type { Page, PageQueryResult } from '@siyakha/content/types'
import type { SiteContacts } from '@siyakha/content/views'
import type { ReactNode } from 'react'

/**
 * Every section `_type` the Studio's `sections` field allows, generated from the schema (pages,
 * services and regional pages share one `sectionsField`). TypeGen grows this union when the
 * Studio gains a section type, and the registry then stops compiling until it has a component.
 */
export type SectionType = NonNullable<Page['sections']>[number]['_type']

/** A section as the page, service and regional-page queries return it. */
export type Section = NonNullable<NonNullable<PageQueryResult>['sections']>[number]

export type SectionOf<K extends string> = Extract<Section, { _type: K }>

export interface SectionContext {
  contacts: SiteContacts
  brandName: string
}

export interface SectionProps<K extends string> {
  section: SectionOf<K>
  ctx: SectionContext
  /**
   * The first section, right under the page's hero: on a phone its first picture is usually on the
   * first screen (often the page's largest paint), so it is fetched at once instead of lazily.
   */
  lead: boolean
}

export type SectionComponent<K extends string> = (props: SectionProps<K>) => ReactNode | Promise<ReactNode>

/** One component for each section type of `T`, keyed by `_type`. */
export type SectionRegistry<T extends string = SectionType> = { [K in T]: SectionComponent<K> }
