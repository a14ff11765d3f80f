import { HelpCircleIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const faqSection = defineType({
  name: 'faqSection',
  title: 'FAQs',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'faqs',
      title: 'Questions',
      type: 'array',
      of: [defineArrayMember({ type: 'faq' })],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'FAQs',
      subtitle: anchor ? `FAQs · #${anchor}` : 'FAQs',
      media: HelpCircleIcon,
    }),
  },
})
