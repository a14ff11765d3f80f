import { EnvelopeIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { defineSection } from '../../lib/section'

export const newsletterSection = defineSection({
  name: 'newsletterSection',
  title: 'Newsletter',
  icon: EnvelopeIcon,
  fields: [
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2 }),
    defineField({
      name: 'note',
      title: 'Note',
      description: 'Small print under the form, e.g. "No spam. Unsubscribe anytime."',
      type: 'string',
    }),
  ],
})
