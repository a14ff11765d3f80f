import { type IconName, isIconName } from '@siyakha/schemas/icon-names'
import { spriteHref } from './sprite'

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
