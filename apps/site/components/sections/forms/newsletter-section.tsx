import { Container } from '@siyakha/ui/container'
import { newsletterAction } from '@/lib/form-actions'
import { NewsletterBox } from '../islands'
import type { SectionProps } from '../types'

export function NewsletterSection({ section }: SectionProps<'newsletterSection'>) {
  const text = section.text ?? section.intro
  return (
    <Container>
      <div className="mx-auto max-w-2xl rounded-2xl bg-brand-50 p-8 text-center">
        {section.heading ? <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2> : null}
        {text ? <p className="mt-3 text-slate-700">{text}</p> : null}
        <NewsletterBox action={newsletterAction} note={section.note ?? undefined} />
      </div>
    </Container>
  )
}
