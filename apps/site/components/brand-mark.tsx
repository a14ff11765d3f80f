import Link from 'next/link'

/** The small logo mark: a stylised network node on the brand blue. Decorative next to the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M10 11h12M10 21h12M16 11v10" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="16" cy="16" r="3" className="fill-accent-500" />
    </svg>
  )
}

/** The mark and the brand name, linking home (header and footer). */
export function BrandLink({ brandName, className }: { brandName: string; className: string }) {
  return (
    <Link href="/" className={className}>
      <BrandMark className="h-8 w-8" />
      {brandName}
    </Link>
  )
}
