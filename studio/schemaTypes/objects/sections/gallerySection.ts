import { ImagesIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const gallerySection = defineSection({
  name: 'gallerySection',
  title: 'Project gallery',
  icon: ImagesIcon,
})
