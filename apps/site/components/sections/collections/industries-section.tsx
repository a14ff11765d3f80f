import { IndustryTiles } from '@/components/sections/islands'
import { getIndustries } from '@/lib/content'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function IndustriesSection({ section }: SectionProps<'industriesSection'>) {
  const industries = (await getIndustries()).map((industry) => ({
    title: industry.title,
    icon: industry.icon ?? 'building',
    points: industry.points ?? [],
  }))
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <IndustryTiles industries={industries} />
    </SectionFrame>
  )
}
