import { CommentIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { orderField, radioOptions, required } from '../lib/fields'

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  icon: CommentIcon,
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', ...required }),
    defineField({ name: 'role', title: 'Role', type: 'string', ...required }),
    defineField({ name: 'company', title: 'Company', type: 'string', ...required }),
    defineField({ name: 'content', title: 'Testimonial', type: 'text', rows: 4, ...required }),
    defineField({
      name: 'rating',
      title: 'Rating',
      type: 'number',
      options: radioOptions([1, 2, 3, 4, 5]),
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    defineField({
      name: 'initials',
      title: 'Initials',
      description: 'Shown in the avatar circle.',
      type: 'string',
      ...required,
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
