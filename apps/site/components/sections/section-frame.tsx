import { Container } from '@siyakha/ui/container'
import type { ReactNode } from 'react'
import { SectionHeading } from './section-heading'

/** The common body of a section: the page-width container and the section's heading and intro. */
export function SectionFrame({
  heading,
  intro,
  centered,
  children,
}: {
  heading?: string | null
  intro?: string | null
  centered?: boolean
  children: ReactNode
}) {
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} centered={centered} />
      {children}
    </Container>
  )
}
