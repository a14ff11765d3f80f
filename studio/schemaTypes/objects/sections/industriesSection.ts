import { CaseIcon } from '@sanity/icons'
import { defineSection } from '../../lib/section'

export const industriesSection = defineSection({
  name: 'industriesSection',
  title: 'Industries',
  icon: CaseIcon,
})
