import { resolveLink } from '@siyakha/content/links'
import { ContentCards } from '@/components/sections/islands'
import { anchorData } from '../links'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function CardGridSection({ section, ctx }: SectionProps<'cardGridSection'>) {
  const cards = await Promise.all(
    (section.cards ?? []).map(async (card) => {
      const link = card.link ? resolveLink(card.link, ctx.contacts) : null
      return {
        key: card._key,
        icon: card.icon ?? null,
        title: card.title ?? null,
        text: card.text ?? null,
        link: link ? await anchorData(link) : null,
      }
    }),
  )
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <ContentCards cards={cards} columns={section.columns ?? 3} />
    </SectionFrame>
  )
}
