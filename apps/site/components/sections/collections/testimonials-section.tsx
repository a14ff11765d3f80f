import { getTestimonials } from '@/lib/content'
import { TestimonialsCarousel } from '../islands'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function TestimonialsSection({ section }: SectionProps<'testimonialsSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <TestimonialsCarousel testimonials={await getTestimonials()} />
    </SectionFrame>
  )
}
