import { ImageIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { imageField, orderField, required } from '../lib/fields'

export const galleryItem = defineType({
  name: 'galleryItem',
  title: 'Gallery item',
  type: 'document',
  icon: ImageIcon,
  fields: [
    defineField({ name: 'caption', title: 'Caption', type: 'string', ...required }),
    imageField({ name: 'image', title: 'Image' }),
    orderField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'caption', subtitle: 'order', media: 'image' } },
})
