import { BlockContentIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { richTextField, sectionBaseFields } from '../../lib/fields'

export const textSection = defineType({
  name: 'textSection',
  title: 'Text',
  type: 'object',
  icon: BlockContentIcon,
  fields: [...sectionBaseFields(), richTextField({ name: 'body', title: 'Body' })],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Text',
      subtitle: anchor ? `Text · #${anchor}` : 'Text',
      media: BlockContentIcon,
    }),
  },
})
