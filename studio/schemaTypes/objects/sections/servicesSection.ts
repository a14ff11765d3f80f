import { CogIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const servicesSection = defineSection({
  name: 'servicesSection',
  title: 'Main services',
  icon: CogIcon,
})
