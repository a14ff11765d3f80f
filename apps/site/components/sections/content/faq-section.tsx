import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export function FaqSection({ section }: SectionProps<'faqSection'>) {
  return (
    <SectionFrame heading={section.heading ?? 'Frequently asked questions'} intro={section.intro}>
      <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {(section.faqs ?? []).map((faq) => (
          <details key={faq._key} className="group p-5">
            <summary className="faq-question">
              <span className="flex items-center justify-between gap-4">
                {faq.question}
                <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 leading-relaxed text-slate-600">{faq.answer}</p>
          </details>
        ))}
      </div>
    </SectionFrame>
  )
}
