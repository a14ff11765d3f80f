import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

/** Items as chips, as bullets, or (the default) as a two-column list of ticks (globals.css `ticks`). */
export function ListSection({ section }: SectionProps<'listSection'>) {
  const items = section.items ?? []
  const bullets = section.style === 'bullets'
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      {section.style === 'chips' ? (
        <ul className="flex flex-wrap gap-3">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a server-rendered content list, never reordered; a text key would repeat the text in the RSC payload
            <li key={index} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <ul
          className={
            bullets
              ? 'list-disc space-y-2 pl-6 text-slate-700'
              : 'ticks ticks-lg grid gap-3 text-slate-700 sm:grid-cols-2'
          }
        >
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a content list rendered once on the server and never reordered; the text as its key would be sent a second time in the RSC payload
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </SectionFrame>
  )
}
