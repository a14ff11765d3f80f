import { DocumentIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { iconField, required } from '../lib/fields'

export const card = defineType({
  name: 'card',
  title: 'Card',
  type: 'object',
  icon: DocumentIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', ...required }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, ...required }),
    iconField({ required: false }),
    defineField({ name: 'link', title: 'Link', type: 'link' }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'text', icon: 'icon' },
    prepare: ({ title, subtitle, icon }) => ({
      title,
      subtitle: icon ? `${icon} · ${subtitle ?? ''}` : subtitle,
    }),
  },
})
