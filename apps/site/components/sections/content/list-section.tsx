import { Icon } from '@/components/icon'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

/** Items as chips, as bullets, or (the default) as a two-column list of ticks. */
export function ListSection({ section }: SectionProps<'listSection'>) {
  const items = section.items ?? []
  const bullets = section.style === 'bullets'
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      {section.style === 'chips' ? (
        <ul className="flex flex-wrap gap-3">
          {items.map((item) => (
            <li key={item} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <ul className={bullets ? 'list-disc space-y-2 pl-6 text-slate-700' : 'grid gap-3 sm:grid-cols-2'}>
          {items.map((item) => (
            <li key={item} className={bullets ? '' : 'flex gap-3 text-slate-700'}>
              {bullets ? null : <Icon name="check" className="mt-1 h-5 w-5 shrink-0 text-accent-500" />}
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionFrame>
  )
}
