import { EnvelopeIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { defineSection } from '../../lib/section'

export const quoteFormSection = defineSection({
  name: 'quoteFormSection',
  title: 'Quote form',
  icon: EnvelopeIcon,
  fields: [defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 })],
})
