import { defineField, defineType, type FieldDefinition } from '@sanity/types'
import type { ComponentType } from 'react'
import { checkAnchor } from './validation'

/** `anchor?`, `heading?`, `intro?`: the fields every section starts with. */
export function sectionBaseFields() {
  return [
    defineField({
      name: 'anchor',
      title: 'Anchor',
      description: 'Becomes the element id, so "#anchor" links scroll here.',
      type: 'string',
      validation: (rule) => rule.custom(checkAnchor),
    }),
    defineField({ name: 'heading', title: 'Heading', type: 'string' }),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 3 }),
  ]
}

type SectionOptions = { name: string; title: string; icon: ComponentType; fields?: FieldDefinition[] }

/**
 * A page-builder section: the shared base fields, then its own. The page's section list shows
 * each by its heading, or by the section's title when it has none, with its anchor beside it.
 */
export function defineSection({ name, title, icon, fields = [] }: SectionOptions) {
  return defineType({
    name,
    title,
    type: 'object',
    icon,
    fields: [...sectionBaseFields(), ...fields],
    preview: {
      select: { heading: 'heading', anchor: 'anchor' },
      prepare: ({ heading, anchor }) => ({
        title: heading ?? title,
        subtitle: anchor ? `${title} · #${anchor}` : title,
        media: icon,
      }),
    },
  })
}
