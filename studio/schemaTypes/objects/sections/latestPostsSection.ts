import { DocumentsIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const latestPostsSection = defineSection({
  name: 'latestPostsSection',
  title: 'Latest posts',
  icon: DocumentsIcon,
})
