import { CaseIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { iconField, orderField, required } from '../lib/fields'

export const industry = defineType({
  name: 'industry',
  title: 'Industry',
  type: 'document',
  icon: CaseIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', ...required }),
    defineField({
      name: 'points',
      title: 'Points',
      description: 'Exactly two short points.',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().length(2),
    }),
    iconField(),
    orderField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'icon' } },
})
