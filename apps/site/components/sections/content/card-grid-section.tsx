import { resolveLink } from '@siyakha/content/links'
import { Icon } from '@/components/icon'
import { SmartLink } from '../links'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

const gridCols: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
}

export function CardGridSection({ section, ctx }: SectionProps<'cardGridSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <ul className={`grid gap-6 ${gridCols[section.columns ?? 3] ?? gridCols[3]}`}>
        {(section.cards ?? []).map((card) => {
          const link = card.link ? resolveLink(card.link, ctx.contacts) : null
          return (
            <li key={card._key} className="card">
              {card.icon ? (
                <span className="card-icon">
                  <Icon name={card.icon} />
                </span>
              ) : null}
              <h3 className="card-title">{card.title}</h3>
              {card.text ? <p className="card-text">{card.text}</p> : null}
              {link ? (
                <SmartLink link={link} context={card.title ?? undefined} className="mt-4 card-more" />
              ) : null}
            </li>
          )
        })}
      </ul>
    </SectionFrame>
  )
}
