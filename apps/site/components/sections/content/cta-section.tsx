import { Container } from '@siyakha/ui/container'
import { LinkButtons } from '../links'
import type { SectionProps } from '../types'

export function CtaSection({ section, ctx }: SectionProps<'ctaSection'>) {
  const text = section.text ?? section.intro
  return (
    <Container>
      <div className="cta-band">
        {section.heading ? <h2 className="cta-title">{section.heading}</h2> : null}
        {text ? <p className="cta-text">{text}</p> : null}
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
