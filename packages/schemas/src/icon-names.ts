/**
 * The content model's fixed icon names (studio/README.md, `icon`): what the Studio offers an editor
 * and what the site draws, each a <symbol> of apps/site/components/icons.svg. One list, so an icon
 * the Studio offers is always one the site can draw.
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
