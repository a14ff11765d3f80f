import { ImagesIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const gallerySection = defineType({
  name: 'gallerySection',
  title: 'Project gallery',
  type: 'object',
  icon: ImagesIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Project gallery',
      subtitle: anchor ? `Project gallery · #${anchor}` : 'Project gallery',
      media: ImagesIcon,
    }),
  },
})
