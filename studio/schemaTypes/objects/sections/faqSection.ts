import { HelpCircleIcon } from '@sanity/icons'
import { defineArrayMember, defineField } from '@sanity/types'
import { required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const faqSection = defineSection({
  name: 'faqSection',
  title: 'FAQs',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'faqs',
      title: 'Questions',
      type: 'array',
      of: [defineArrayMember({ type: 'faq' })],
      ...required,
    }),
  ],
})
