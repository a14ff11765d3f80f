import { BlockContentIcon } from '@sanity/icons'
import { richTextField } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const textSection = defineSection({
  name: 'textSection',
  title: 'Text',
  icon: BlockContentIcon,
  fields: [richTextField({ name: 'body', title: 'Body' })],
})
