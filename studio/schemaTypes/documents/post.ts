import { DocumentTextIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { list, POST_CATEGORIES } from '../lib/constants'
import { imageField, linkListField, required, richTextField, seoField, slugField } from '../lib/fields'
import { checkDate } from '../lib/validation'

export const post = defineType({
  name: 'post',
  title: 'Blog post',
  type: 'document',
  icon: DocumentTextIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'meta', title: 'Listing' },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', group: 'content', ...required }),
    { ...slugField(), group: 'content' },
    defineField({ name: 'excerpt', title: 'Excerpt', type: 'text', rows: 3, group: 'content', ...required }),
    defineField({
      name: 'publishedAt',
      title: 'Published',
      type: 'date',
      group: 'meta',
      validation: (rule) => rule.required().custom(checkDate),
    }),
    defineField({
      name: 'readTime',
      title: 'Read time',
      description: 'As shown, e.g. "6 min read".',
      type: 'string',
      group: 'meta',
      ...required,
    }),
    defineField({
      name: 'category',
      title: 'Category',
      type: 'string',
      group: 'meta',
      options: { list: list(POST_CATEGORIES) },
      ...required,
    }),
    defineField({
      name: 'featured',
      title: 'Featured',
      type: 'boolean',
      group: 'meta',
      initialValue: false,
      ...required,
    }),
    defineField({
      name: 'keywords',
      title: 'Keywords',
      type: 'array',
      group: 'seo',
      of: [defineArrayMember({ type: 'string' })],
      options: { layout: 'tags' },
    }),
    defineField({
      name: 'baselineViews',
      title: 'Baseline views',
      description: 'Views counted before this site; live views are added to it.',
      type: 'number',
      group: 'meta',
      initialValue: 0,
      validation: (rule) => rule.required().integer().min(0),
    }),
    { ...imageField({ name: 'coverImage', title: 'Cover image' }), group: 'content' },
    { ...richTextField({ name: 'body', title: 'Body' }), group: 'content' },
    linkListField({ name: 'closingCtas', title: 'Closing buttons', group: 'content' }),
    { ...seoField(), group: 'seo' },
  ],
  orderings: [
    { title: 'Newest first', name: 'publishedAtDesc', by: [{ field: 'publishedAt', direction: 'desc' }] },
  ],
  preview: {
    select: { title: 'title', date: 'publishedAt', category: 'category', media: 'coverImage' },
    prepare: ({ title, date, category, media }) => ({
      title,
      subtitle: [date, category].filter(Boolean).join(' · '),
      media,
    }),
  },
})
