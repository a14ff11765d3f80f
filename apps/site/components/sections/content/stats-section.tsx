import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export function StatsSection({ section }: SectionProps<'statsSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro} centered>
      <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
        {(section.stats ?? []).map((stat) => (
          <div key={stat._key} className="rounded-xl bg-brand-50 p-6 text-center">
            <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </SectionFrame>
  )
}
