import { ArrowRightIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { required } from '../lib/fields'
import { checkPath } from '../lib/validation'

export const redirect = defineType({
  name: 'redirect',
  title: 'Redirect',
  type: 'document',
  icon: ArrowRightIcon,
  fields: [
    defineField({
      name: 'from',
      title: 'From',
      description: 'The old path, e.g. "/need-help".',
      type: 'string',
      validation: (rule) => rule.required().custom(checkPath),
    }),
    defineField({
      name: 'to',
      title: 'To',
      description: 'The new path, e.g. "/log-it".',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .custom(checkPath)
          .custom((to, context) =>
            to !== undefined && to === (context.document as { from?: string } | undefined)?.from
              ? '"To" must differ from "From"'
              : true,
          ),
    }),
    defineField({
      name: 'permanent',
      title: 'Permanent (308)',
      type: 'boolean',
      initialValue: true,
      ...required,
    }),
  ],
  preview: {
    select: { from: 'from', to: 'to', permanent: 'permanent' },
    prepare: ({ from, to, permanent }) => ({
      title: `${from ?? '?'} → ${to ?? '?'}`,
      subtitle: permanent ? 'Permanent' : 'Temporary',
    }),
  },
})
