import { CaseIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const industriesSection = defineType({
  name: 'industriesSection',
  title: 'Industries',
  type: 'object',
  icon: CaseIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Industries',
      subtitle: anchor ? `Industries · #${anchor}` : 'Industries',
      media: CaseIcon,
    }),
  },
})
