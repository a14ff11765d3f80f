import { BrandLogoCarousel } from '@/components/brand-logo-carousel'
import { getBrandLogos } from '@/lib/content'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function BrandLogosSection({ section }: SectionProps<'brandLogosSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <BrandLogoCarousel logos={await getBrandLogos()} />
    </SectionFrame>
  )
}
