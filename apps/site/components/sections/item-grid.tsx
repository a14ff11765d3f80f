import type { ReactNode } from 'react'

/** A list of CMS documents laid out as a grid: one `<li>` per document, keyed by its id. */
export function ItemGrid<T extends { _id: string }>({
  items,
  className,
  itemClassName,
  children,
}: {
  items: T[]
  className: string
  itemClassName?: string
  children: (item: T, index: number) => ReactNode
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={item._id} className={itemClassName}>
          {children(item, index)}
        </li>
      ))}
    </ul>
  )
}
