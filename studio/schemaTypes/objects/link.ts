import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { CONTACT_KEYS, LINK_STYLES, list } from '../lib/constants'
import { radioOptions, required } from '../lib/fields'
import { checkHref, checkLinkTarget } from '../lib/validation'

export const link = defineType({
  name: 'link',
  title: 'Link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({ name: 'label', title: 'Label', type: 'string', ...required }),
    defineField({
      name: 'href',
      title: 'URL or site path',
      description: 'A site path ("/about"), an anchor ("#quote-form") or an https:// URL.',
      type: 'string',
      validation: (rule) => rule.custom(checkHref),
    }),
    defineField({
      name: 'contact',
      title: 'Contact (from site settings)',
      description: 'Use instead of a URL to link an email, phone or WhatsApp number from Site settings.',
      type: 'string',
      options: { list: list(CONTACT_KEYS) },
    }),
    defineField({
      name: 'style',
      title: 'Style',
      type: 'string',
      options: radioOptions(list(LINK_STYLES)),
      initialValue: 'primary',
    }),
  ],
  validation: (rule) => rule.custom(checkLinkTarget),
  preview: {
    select: { title: 'label', href: 'href', contact: 'contact' },
    prepare: ({ title, href, contact }) => ({ title, subtitle: href ?? contact }),
  },
})
