import { TagsIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const brandLogosSection = defineSection({
  name: 'brandLogosSection',
  title: 'Brand logos',
  icon: TagsIcon,
})
