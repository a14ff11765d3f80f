import { ProjectsIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const featuredProjectSection = defineSection({
  name: 'featuredProjectSection',
  title: 'Featured project',
  icon: ProjectsIcon,
  fields: [
    defineField({
      name: 'project',
      title: 'Project',
      type: 'reference',
      to: [{ type: 'project' }],
      ...required,
    }),
  ],
})
