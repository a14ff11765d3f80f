import { CommentIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const testimonialsSection = defineSection({
  name: 'testimonialsSection',
  title: 'Testimonials',
  icon: CommentIcon,
})
