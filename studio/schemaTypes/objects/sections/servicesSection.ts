import { CogIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const servicesSection = defineType({
  name: 'servicesSection',
  title: 'Main services',
  type: 'object',
  icon: CogIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Main services',
      subtitle: anchor ? `Main services · #${anchor}` : 'Main services',
      media: CogIcon,
    }),
  },
})
