import { HelpCircleIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { required } from '../lib/fields'

export const faq = defineType({
  name: 'faq',
  title: 'FAQ',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({ name: 'question', title: 'Question', type: 'string', ...required }),
    defineField({ name: 'answer', title: 'Answer', type: 'text', rows: 4, ...required }),
  ],
  preview: { select: { title: 'question', subtitle: 'answer' } },
})
