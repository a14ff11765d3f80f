import { TagIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { imageField, orderField, required } from '../lib/fields'

export const brandLogo = defineType({
  name: 'brandLogo',
  title: 'Brand logo',
  type: 'document',
  icon: TagIcon,
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', ...required }),
    imageField({ name: 'logo', title: 'Logo' }),
    orderField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'name', media: 'logo' } },
})
