import { RichText } from '../rich-text'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export function TextSection({ section }: SectionProps<'textSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <RichText value={section.body} />
    </SectionFrame>
  )
}
