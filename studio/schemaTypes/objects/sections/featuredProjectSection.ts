import { ProjectsIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const featuredProjectSection = defineType({
  name: 'featuredProjectSection',
  title: 'Featured project',
  type: 'object',
  icon: ProjectsIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'project',
      title: 'Project',
      type: 'reference',
      to: [{ type: 'project' }],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Featured project',
      subtitle: anchor ? `Featured project · #${anchor}` : 'Featured project',
      media: ProjectsIcon,
    }),
  },
})
