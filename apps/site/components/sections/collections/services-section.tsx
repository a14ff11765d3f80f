import { Link } from '@siyakha/ui/link'
import { Icon } from '@/components/icon'
import { getServices } from '@/lib/content'
import { serviceHref } from '@/lib/routes'
import { ItemGrid } from '../item-grid'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

const colourClasses: Record<string, string> = {
  sky: 'bg-sky-50 text-sky-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-800',
  rose: 'bg-rose-50 text-rose-700',
  teal: 'bg-teal-50 text-teal-700',
  indigo: 'bg-indigo-50 text-indigo-700',
}

export async function ServicesSection({ section }: SectionProps<'servicesSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <ItemGrid
        items={await getServices()}
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        itemClassName="card"
      >
        {(service) => (
          <>
            <span className={`service-icon ${colourClasses[service.colour] ?? colourClasses.sky}`}>
              <Icon name={service.icon} />
            </span>
            <h3 className="service-title">{service.title}</h3>
            <p className="service-text">{service.summary}</p>
            {service.benefit ? <p className="service-benefit">{service.benefit}</p> : null}
            <Link href={serviceHref(service.slug, null)} className="mt-5 card-more">
              Learn more<span className="sr-only"> about {service.title}</span>
            </Link>
          </>
        )}
      </ItemGrid>
    </SectionFrame>
  )
}
