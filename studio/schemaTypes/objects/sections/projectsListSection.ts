import { ProjectsIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const projectsListSection = defineType({
  name: 'projectsListSection',
  title: 'Projects list',
  type: 'object',
  icon: ProjectsIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Projects list',
      subtitle: anchor ? `Projects list · #${anchor}` : 'Projects list',
      media: ProjectsIcon,
    }),
  },
})
