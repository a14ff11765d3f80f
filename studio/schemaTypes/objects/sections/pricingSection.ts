import { CreditCardIcon } from '@sanity/icons'
import { defineArrayMember, defineField } from '@sanity/types'
import { required, stringListField } from '../../lib/fields'
import { defineSection } from '../../lib/section'
import { checkCurrency } from '../../lib/validation'

export const pricingSection = defineSection({
  name: 'pricingSection',
  title: 'Pricing',
  icon: CreditCardIcon,
  fields: [
    defineField({
      name: 'currency',
      title: 'Currency',
      description: 'ISO 4217 code of the prices, e.g. "GBP" or "ZAR".',
      type: 'string',
      validation: (rule) => rule.custom(checkCurrency),
    }),
    defineField({
      name: 'plans',
      title: 'Plans',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'pricingPlan',
          title: 'Plan',
          type: 'object',
          fields: [
            defineField({ name: 'name', title: 'Name', type: 'string', ...required }),
            defineField({ name: 'description', title: 'Description', type: 'text', rows: 2, ...required }),
            stringListField({ name: 'features', title: 'Features' }),
            defineField({
              name: 'priceText',
              title: 'Price text',
              description: 'As shown, e.g. "From £45 per call".',
              type: 'string',
              ...required,
            }),
            defineField({ name: 'cta', title: 'Button', type: 'link' }),
          ],
          preview: { select: { title: 'name', subtitle: 'priceText' } },
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
})
