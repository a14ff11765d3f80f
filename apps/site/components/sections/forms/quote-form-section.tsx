import { Container } from '@siyakha/ui/container'
import { getServices } from '@/lib/content'
import { quoteRequestAction } from '@/lib/form-actions'
import { QuoteForm } from '../islands'
import { SectionHeading } from '../section-heading'
import type { SectionProps } from '../types'

export async function QuoteFormSection({ section }: SectionProps<'quoteFormSection'>) {
  const services = await getServices()
  return (
    <Container>
      <div className="panel grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading heading={section.heading} intro={section.text ?? section.intro} />
        </div>
        <div className="lg:col-span-3">
          <QuoteForm
            action={quoteRequestAction}
            services={services.map((s) => ({ value: s.slug, label: s.title }))}
          />
        </div>
      </div>
    </Container>
  )
}
