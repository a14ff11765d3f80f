import { getBrandLogos } from '@/lib/content'
import { BrandLogoCarousel } from '../islands'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function BrandLogosSection({ section }: SectionProps<'brandLogosSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <BrandLogoCarousel logos={await getBrandLogos()} />
    </SectionFrame>
  )
}
