import { HelpCircleIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const supportFormSection = defineSection({
  name: 'supportFormSection',
  title: 'Support form',
  icon: HelpCircleIcon,
  fields: [
    defineField({ name: 'formHeading', title: 'Form heading', type: 'string', ...required }),
    defineField({ name: 'formIntro', title: 'Form intro', type: 'text', rows: 2 }),
    defineField({ name: 'sideHeading', title: 'Side card heading', type: 'string', ...required }),
    defineField({ name: 'sideText', title: 'Side card text', type: 'text', rows: 3 }),
    defineField({
      name: 'receiptNote',
      title: 'Receipt note',
      description: 'Shown after a call is logged.',
      type: 'text',
      rows: 2,
      ...required,
    }),
  ],
})
