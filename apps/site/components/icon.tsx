import sprite from './icons.svg'

/**
 * The content model's fixed icon names (studio/README.md); each is a <symbol> of icons.svg. The
 * sprite is one hashed, long-cached file, so a page's HTML and RSC payload carry a <use> reference
 * per icon, never the paths.
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

/** The URL of one symbol of the sprite, for an <svg><use href> of its own (the footer's glyphs). */
export function spriteHref(id: string): string {
  return `${sprite.src}#${id}`
}

/** A decorative icon; unknown names (content typos) render nothing rather than break the page. */
export function Icon({
  name,
  className = 'h-6 w-6',
}: {
  name: IconName | (string & {})
  className?: string
}) {
  if (!isIconName(name)) return null
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={spriteHref(name)} />
    </svg>
  )
}
