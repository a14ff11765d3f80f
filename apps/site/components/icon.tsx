import { spriteHref } from './sprite'

/**
 * The content model's fixed icon names (studio/README.md); each is a <symbol> of icons.svg.
 */
export const ICON_NAMES = [
  'network',
  'camera',
  'cloud',
  'users',
  'truck',
  'heart-pulse',
  'sim-card',
  'shield',
  'headset',
  'server',
  'wifi',
  'graduation-cap',
  'factory',
  'wrench',
  'building',
  'shopping-bag',
  'home',
  'pickaxe',
  'map-pin',
  'globe',
  'phone',
  'clock',
  'award',
  'check',
  'chart',
  'lock',
  'monitor',
  'car',
  'briefcase',
  'mail',
] as const

export type IconName = (typeof ICON_NAMES)[number]

const iconNames: ReadonlySet<string> = new Set(ICON_NAMES)

export function isIconName(name: string): name is IconName {
  return iconNames.has(name)
}

/** A decorative icon; unknown names (content typos) render nothing rather than break the page. */
export function Icon({ name, className = 'size-6' }: { name: IconName | (string & {}); className?: string }) {
  if (!isIconName(name)) return null
  return (
    // No viewBox: the symbol has its own and fills the box that `className` sizes.
    <svg aria-hidden="true" className={`line-icon ${className}`}>
      <use href={spriteHref(name)} />
    </svg>
  )
}
