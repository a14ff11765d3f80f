'use client'

import { Link } from '@siyakha/ui/link'
import { Icon } from './icon'

export type ServiceCard = {
  title: string
  summary: string
  benefit: string | null
  href: string
  icon: string
  colour: string
}

const colourClasses: Record<string, string> = {
  sky: 'bg-sky-50 text-sky-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-800',
  rose: 'bg-rose-50 text-rose-700',
  teal: 'bg-teal-50 text-teal-700',
  indigo: 'bg-indigo-50 text-indigo-700',
}

/** The service cards of a services section (an island: sections/islands.tsx). */
export function ServiceCards({ services }: { services: ServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.href} className="card">
          <span className={`service-icon ${colourClasses[service.colour] ?? colourClasses.sky}`}>
            <Icon name={service.icon} />
          </span>
          <h3 className="service-title">{service.title}</h3>
          <p className="service-text">{service.summary}</p>
          {service.benefit ? <p className="service-benefit">{service.benefit}</p> : null}
          <Link href={service.href} className="mt-5 card-more">
            Learn more<span className="sr-only"> about {service.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
