import { Icon } from '@/components/icon'
import { getIndustries } from '@/lib/content'
import { ItemGrid } from '../item-grid'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function IndustriesSection({ section }: SectionProps<'industriesSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <ItemGrid
        items={await getIndustries()}
        className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        itemClassName="tile"
      >
        {(industry) => (
          <>
            <div className="tile-head">
              <Icon name={industry.icon ?? 'building'} className="size-6 text-brand-700" />
              <h3 className="card-title">{industry.title}</h3>
            </div>
            <ul className="tile-list">
              {(industry.points ?? []).map((point, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a server-rendered content list, never reordered; a text key would repeat the text in the RSC payload
                <li key={index}>{point}</li>
              ))}
            </ul>
          </>
        )}
      </ItemGrid>
    </SectionFrame>
  )
}
