export const CONTACT_KEYS = [
  'email-support',
  'email-careers',
  'email-accounts',
  'phone-primary',
  'phone-secondary',
  'whatsapp',
] as const

export const LINK_STYLES = ['primary', 'secondary', 'link'] as const

export const PAGE_KEYS = [
  'home',
  'about',
  'careers',
  'privacy',
  'terms',
  'support-deals',
  'services',
  'log-it',
  'projects',
  'blog',
] as const

export const SERVICE_COLOURS = ['sky', 'emerald', 'violet', 'amber', 'rose', 'teal', 'indigo'] as const

export const POST_CATEGORIES = [
  'EdTech',
  'Field Support',
  'AI',
  'Networking',
  'Managed Services',
  'Wi-Fi',
  'Hardware',
  'Security',
  'Migration',
  'VoIP',
] as const

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

export const SOCIAL_PLATFORMS = ['facebook', 'linkedin', 'instagram', 'x', 'youtube'] as const

export const REGION_KINDS = ['regional', 'local'] as const

export const COUNTRIES = ['ZA', 'GB', 'AO', 'EU'] as const

/** Turns a constant list into `options.list` entries. */
export function list<T extends string>(values: readonly T[], titles: Partial<Record<T, string>> = {}) {
  return values.map((value) => ({ title: titles[value] ?? value, value }))
}
