import { CreditCardIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'
import { checkCurrency } from '../../lib/validation'

export const pricingSection = defineType({
  name: 'pricingSection',
  title: 'Pricing',
  type: 'object',
  icon: CreditCardIcon,
  fields: [
    ...sectionBaseFields(),
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
            defineField({
              name: 'name',
              title: 'Name',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'description',
              title: 'Description',
              type: 'text',
              rows: 2,
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'features',
              title: 'Features',
              type: 'array',
              of: [defineArrayMember({ type: 'string' })],
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'priceText',
              title: 'Price text',
              description: 'As shown, e.g. "From £45 per call".',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'cta', title: 'Button', type: 'link' }),
          ],
          preview: { select: { title: 'name', subtitle: 'priceText' } },
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Pricing',
      subtitle: anchor ? `Pricing · #${anchor}` : 'Pricing',
      media: CreditCardIcon,
    }),
  },
})
