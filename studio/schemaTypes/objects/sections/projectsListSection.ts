import { ProjectsIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const projectsListSection = defineSection({
  name: 'projectsListSection',
  title: 'Projects list',
  icon: ProjectsIcon,
})
