import { CogIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { list, SOCIAL_PLATFORMS, WEEKDAYS } from '../lib/constants'
import { required, richTextField } from '../lib/fields'
import { checkE164, checkEmail, checkHttpsUrl, checkTime } from '../lib/validation'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'brand', title: 'Brand', default: true },
    { name: 'contact', title: 'Contact' },
    { name: 'claims', title: 'Claims' },
  ],
  fields: [
    defineField({ name: 'brandName', title: 'Brand name', type: 'string', group: 'brand', ...required }),
    defineField({ name: 'legalName', title: 'Legal name', type: 'string', group: 'brand', ...required }),
    defineField({ name: 'tagline', title: 'Tagline', type: 'string', group: 'brand', ...required }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      group: 'brand',
      ...required,
    }),
    defineField({
      name: 'established',
      title: 'Year established',
      type: 'number',
      group: 'brand',
      validation: (rule) => rule.required().integer().min(1900).max(2100),
    }),
    defineField({ name: 'beeLevel', title: 'B-BBEE level', type: 'string', group: 'brand', ...required }),
    defineField({
      name: 'phones',
      title: 'Phone numbers',
      description: 'The first is the primary number.',
      type: 'array',
      group: 'contact',
      of: [
        defineArrayMember({
          name: 'phone',
          title: 'Phone number',
          type: 'object',
          fields: [
            defineField({ name: 'label', title: 'Label', type: 'string', ...required }),
            defineField({
              name: 'e164',
              title: 'Number (E.164)',
              description: 'Used for tel: links, e.g. +27110000000.',
              type: 'string',
              validation: (rule) => rule.required().custom(checkE164),
            }),
            defineField({
              name: 'display',
              title: 'Number as shown',
              description: 'e.g. +27 11 000 0000',
              type: 'string',
              ...required,
            }),
          ],
          preview: { select: { title: 'display', subtitle: 'label' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'emails',
      title: 'Email addresses',
      type: 'object',
      group: 'contact',
      fields: (['support', 'careers', 'accounts'] as const).map((name) =>
        defineField({
          name,
          title: name[0]?.toUpperCase() + name.slice(1),
          type: 'string',
          validation: (rule) => rule.required().custom(checkEmail),
        }),
      ),
      ...required,
    }),
    defineField({
      name: 'whatsappNumber',
      title: 'WhatsApp number (E.164)',
      type: 'string',
      group: 'contact',
      validation: (rule) => rule.required().custom(checkE164),
    }),
    defineField({
      name: 'address',
      title: 'Address',
      type: 'object',
      group: 'contact',
      fields: [
        defineField({ name: 'streetAddress', title: 'Street address', type: 'string', ...required }),
        defineField({ name: 'locality', title: 'Town or city', type: 'string', ...required }),
        defineField({ name: 'region', title: 'Province or region', type: 'string', ...required }),
        defineField({ name: 'postalCode', title: 'Postal code', type: 'string', ...required }),
        defineField({
          name: 'country',
          title: 'Country (ISO code)',
          type: 'string',
          validation: (rule) => rule.required().length(2),
        }),
      ],
      ...required,
    }),
    defineField({
      name: 'openingHours',
      title: 'Opening hours',
      type: 'array',
      group: 'contact',
      of: [
        defineArrayMember({
          name: 'openingHours',
          title: 'Opening hours',
          type: 'object',
          fields: [
            defineField({
              name: 'days',
              title: 'Days',
              type: 'array',
              of: [defineArrayMember({ type: 'string' })],
              options: { list: list(WEEKDAYS) },
              ...required,
            }),
            defineField({
              name: 'opens',
              title: 'Opens',
              description: '24-hour time, e.g. 08:00',
              type: 'string',
              validation: (rule) => rule.required().custom(checkTime),
            }),
            defineField({
              name: 'closes',
              title: 'Closes',
              type: 'string',
              validation: (rule) => rule.required().custom(checkTime),
            }),
          ],
          preview: {
            select: { days: 'days', opens: 'opens', closes: 'closes' },
            prepare: ({ days, opens, closes }) => ({
              title: Array.isArray(days) ? days.join(', ') : '',
              subtitle: `${opens ?? '?'}–${closes ?? '?'}`,
            }),
          },
        }),
      ],
      ...required,
    }),
    defineField({
      name: 'areasServed',
      title: 'Areas served',
      type: 'array',
      group: 'contact',
      of: [defineArrayMember({ type: 'string' })],
      ...required,
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'contact',
      of: [
        defineArrayMember({
          name: 'socialLink',
          title: 'Social link',
          type: 'object',
          fields: [
            defineField({
              name: 'platform',
              title: 'Platform',
              type: 'string',
              options: { list: list(SOCIAL_PLATFORMS) },
              ...required,
            }),
            defineField({
              name: 'url',
              title: 'URL',
              type: 'string',
              validation: (rule) => rule.required().custom(checkHttpsUrl),
            }),
          ],
          preview: { select: { title: 'platform', subtitle: 'url' } },
        }),
      ],
      ...required,
    }),
    defineField({
      name: 'claims',
      title: 'Claims',
      description: 'The marketing figures ("100+ businesses supported").',
      type: 'array',
      group: 'claims',
      of: [defineArrayMember({ type: 'stat' })],
      ...required,
    }),
    richTextField({ name: 'articleFooter', title: 'Article footer', group: 'claims' }),
  ],
  preview: { prepare: () => ({ title: 'Site settings', media: CogIcon }) },
})
