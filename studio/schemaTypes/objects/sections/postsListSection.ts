import { DocumentsIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const postsListSection = defineSection({
  name: 'postsListSection',
  title: 'All posts',
  icon: DocumentsIcon,
})
