import { ServiceCards } from '@/components/sections/islands'
import { getServices } from '@/lib/content'
import { serviceHref } from '@/lib/routes'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function ServicesSection({ section }: SectionProps<'servicesSection'>) {
  const services = (await getServices()).map((service) => ({
    title: service.title,
    summary: service.summary,
    benefit: service.benefit ?? null,
    href: serviceHref(service.slug, null),
    icon: service.icon,
    colour: service.colour,
  }))
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <ServiceCards services={services} />
    </SectionFrame>
  )
}
