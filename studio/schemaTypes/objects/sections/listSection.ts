import { ListIcon } from '@sanity/icons'
import { defineField } from '@sanity/types'
import { list } from '../../lib/constants'
import { radioOptions, stringListField } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const listSection = defineSection({
  name: 'listSection',
  title: 'List',
  icon: ListIcon,
  fields: [
    stringListField({ name: 'items', title: 'Items' }),
    defineField({
      name: 'style',
      title: 'Style',
      type: 'string',
      options: radioOptions(
        list(['checks', 'bullets', 'chips'], { checks: 'Check marks', bullets: 'Bullets', chips: 'Chips' }),
      ),
      initialValue: 'checks',
    }),
  ],
})
