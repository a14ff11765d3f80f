import { Container } from '@siyakha/ui/container'
import { LinkButtons } from '../links'
import type { SectionProps } from '../types'

export function CtaSection({ section, ctx }: SectionProps<'ctaSection'>) {
  const text = section.text ?? section.intro
  return (
    <Container>
      <div className="rounded-2xl bg-gradient-to-r from-brand-700 to-brand-900 px-6 py-12 text-center text-white sm:px-12">
        {section.heading ? <h2 className="text-3xl font-bold tracking-tight">{section.heading}</h2> : null}
        {text ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{text}</p> : null}
        <LinkButtons
          links={section.ctas}
          contacts={ctx.contacts}
          inverted
          className="mt-8 flex flex-wrap justify-center gap-3"
        />
      </div>
    </Container>
  )
}
