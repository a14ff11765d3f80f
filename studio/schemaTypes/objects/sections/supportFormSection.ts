import { HelpCircleIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const supportFormSection = defineType({
  name: 'supportFormSection',
  title: 'Support form',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'formHeading',
      title: 'Form heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'formIntro', title: 'Form intro', type: 'text', rows: 2 }),
    defineField({
      name: 'sideHeading',
      title: 'Side card heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'sideText', title: 'Side card text', type: 'text', rows: 3 }),
    defineField({
      name: 'receiptNote',
      title: 'Receipt note',
      description: 'Shown after a call is logged.',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Support form',
      subtitle: anchor ? `Support form · #${anchor}` : 'Support form',
      media: HelpCircleIcon,
    }),
  },
})
