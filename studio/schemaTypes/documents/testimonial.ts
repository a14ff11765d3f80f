import { CommentIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { orderField } from '../lib/fields'

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  icon: CommentIcon,
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'role', title: 'Role', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'company', title: 'Company', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'content',
      title: 'Testimonial',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'rating',
      title: 'Rating',
      type: 'number',
      options: { list: [1, 2, 3, 4, 5], layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    defineField({
      name: 'initials',
      title: 'Initials',
      description: 'Shown in the avatar circle.',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    orderField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { name: 'name', company: 'company', rating: 'rating' },
    prepare: ({ name, company, rating }) => ({
      title: name,
      subtitle: `${company ?? ''}${rating ? ` · ${'★'.repeat(rating)}` : ''}`,
    }),
  },
})
