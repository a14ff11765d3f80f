import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const newsletterSection = defineType({
  name: 'newsletterSection',
  title: 'Newsletter',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2 }),
    defineField({
      name: 'note',
      title: 'Note',
      description: 'Small print under the form, e.g. "No spam. Unsubscribe anytime."',
      type: 'string',
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Newsletter',
      subtitle: anchor ? `Newsletter · #${anchor}` : 'Newsletter',
      media: EnvelopeIcon,
    }),
  },
})
