import { Link } from '@siyakha/ui/link'
import { spriteHref } from './sprite'

/** The small logo mark (a symbol of icons.svg): a stylised network node on the brand blue. Decorative next to the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={spriteHref('brand-mark')} />
    </svg>
  )
}

/** The mark and the brand name, linking home (header and footer). */
export function BrandLink({ brandName, className }: { brandName: string; className: string }) {
  return (
    <Link href="/" className={className}>
      <BrandMark className="size-8" />
      {brandName}
    </Link>
  )
}
