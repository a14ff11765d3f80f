import type { ReactNode } from 'react'

/** A list of CMS documents laid out as a grid: one `<li>` per document, keyed by its id. */
export function ItemGrid<T extends { _id: string }>({
  items,
  className,
  itemClassName,
  lead = false,
  children,
}: {
  items: T[]
  className: string
  itemClassName?: string
  /** The grid opens the page (SectionProps' `lead`): its first item's picture is fetched first. */
  lead?: boolean
  /** `preload`: this item's picture is on the first screen; pass it to its `CmsImage`. */
  children: (item: T, preload: boolean) => ReactNode
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={item._id} className={itemClassName}>
          {children(item, lead && index === 0)}
        </li>
      ))}
    </ul>
  )
}
