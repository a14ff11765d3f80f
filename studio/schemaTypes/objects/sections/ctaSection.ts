import { BulbOutlineIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { linkListField, required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const ctaSection = defineSection({
  name: 'ctaSection',
  title: 'Call to action',
  icon: BulbOutlineIcon,
  fields: [
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
    { ...linkListField({ name: 'ctas', title: 'Buttons' }), ...required },
  ],
})
