'use client'

import { type AnchorData, ContentAnchor } from './content-anchor'
import { Icon } from './icon'

export type ContentCard = {
  key: string
  icon: string | null
  title: string | null
  text: string | null
  link: AnchorData | null
}

const gridCols: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
}

/** The cards of a card grid section (an island: sections/islands.tsx). */
export function ContentCards({ cards, columns }: { cards: ContentCard[]; columns: number }) {
  return (
    <ul className={`grid gap-6 ${gridCols[columns] ?? gridCols[3]}`}>
      {cards.map((card) => (
        <li key={card.key} className="card">
          {card.icon ? (
            <span className="card-icon">
              <Icon name={card.icon} />
            </span>
          ) : null}
          <h3 className="card-title">{card.title}</h3>
          {card.text ? <p className="card-text">{card.text}</p> : null}
          {card.link ? (
            <ContentAnchor link={card.link} context={card.title ?? undefined} className="mt-4 card-more" />
          ) : null}
        </li>
      ))}
    </ul>
  )
}
