import { FeatureList } from '../feature-list'
import { LinkButtons } from '../links'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export function PricingSection({ section, ctx }: SectionProps<'pricingSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {(section.plans ?? []).map((plan) => (
          <li
            key={plan._key}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
          >
            <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
            {plan.description ? <p className="mt-2 text-slate-600">{plan.description}</p> : null}
            <p className="mt-6 text-2xl font-extrabold text-brand-700">
              {plan.priceText}
              {section.currency ? (
                <span className="ml-2 align-middle text-sm font-semibold text-slate-500">
                  ({section.currency})
                </span>
              ) : null}
            </p>
            <FeatureList features={plan.features} className="mt-6 flex-1 space-y-2" />
            {plan.cta ? (
              <LinkButtons links={[plan.cta]} contacts={ctx.contacts} className="mt-8 flex" />
            ) : null}
          </li>
        ))}
      </ul>
    </SectionFrame>
  )
}
