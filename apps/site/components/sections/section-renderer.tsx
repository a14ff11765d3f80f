import type { ContactDetails } from '@siyakha/content/links'
import { resolveLink } from '@siyakha/content/links'
import type { PageQueryResult } from '@siyakha/content/types'
import { Container } from '@siyakha/ui/container'
import { Icon } from '@/components/icon'
import {
  BrandLogosSection,
  FeaturedProjectSection,
  GallerySection,
  IndustriesSection,
  LatestPostsSection,
  NewsletterSection,
  PostsListSection,
  ProjectsListSection,
  QuoteFormSection,
  ServicesSection,
  SupportFormSection,
  TestimonialsSection,
} from './collection-sections'
import { LinkButtons, SmartLink } from './links'
import { RichText } from './rich-text'
import { SectionHeading } from './section-heading'

export type Section = NonNullable<NonNullable<PageQueryResult>['sections']>[number]

export interface SectionContext {
  contacts: ContactDetails
  brandName: string
}

const gridCols: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
}

/** Renders a page-builder section. Unknown types render nothing, so a new Studio type can't break a page. */
function SectionBody({ section, ctx }: { section: Section; ctx: SectionContext }) {
  switch (section._type) {
    case 'textSection':
      return (
        <Container>
          <SectionHeading heading={section.heading} intro={section.intro} />
          <RichText value={section.body} />
        </Container>
      )
    case 'cardGridSection':
      return (
        <Container>
          <SectionHeading heading={section.heading} intro={section.intro} />
          <ul className={`grid gap-6 ${gridCols[section.columns ?? 3] ?? gridCols[3]}`}>
            {(section.cards ?? []).map((card) => {
              const link = card.link ? resolveLink(card.link, ctx.contacts) : null
              return (
                <li
                  key={card._key}
                  className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  {card.icon ? (
                    <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon name={card.icon} className="h-6 w-6" />
                    </span>
                  ) : null}
                  <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
                  {card.text ? <p className="mt-2 flex-1 text-slate-600">{card.text}</p> : null}
                  {link ? (
                    <SmartLink
                      link={link}
                      context={card.title ?? undefined}
                      className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline"
                    />
                  ) : null}
                </li>
              )
            })}
          </ul>
        </Container>
      )
    case 'listSection': {
      const items = section.items ?? []
      return (
        <Container>
          <SectionHeading heading={section.heading} intro={section.intro} />
          {section.style === 'chips' ? (
            <ul className="flex flex-wrap gap-3">
              {items.map((item) => (
                <li key={item} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
                  {item}
                </li>
              ))}
            </ul>
          ) : (
            <ul
              className={
                section.style === 'bullets'
                  ? 'list-disc space-y-2 pl-6 text-slate-700'
                  : 'grid gap-3 sm:grid-cols-2'
              }
            >
              {items.map((item) => (
                <li key={item} className={section.style === 'bullets' ? '' : 'flex gap-3 text-slate-700'}>
                  {section.style === 'bullets' ? null : (
                    <Icon name="check" className="mt-1 h-5 w-5 shrink-0 text-accent-500" />
                  )}
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          )}
        </Container>
      )
    }
    case 'statsSection':
      return (
        <Container>
          <SectionHeading heading={section.heading} intro={section.intro} centered />
          <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
            {(section.stats ?? []).map((stat) => (
              <div key={stat._key} className="rounded-xl bg-brand-50 p-6 text-center">
                <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-extrabold text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      )
    case 'pricingSection':
      return (
        <Container>
          <SectionHeading heading={section.heading} intro={section.intro} />
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
                <ul className="mt-6 flex-1 space-y-2 text-slate-700">
                  {(plan.features ?? []).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Icon name="check" className="mt-1 h-4 w-4 shrink-0 text-accent-500" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {plan.cta ? (
                  <LinkButtons links={[plan.cta]} contacts={ctx.contacts} className="mt-8 flex" />
                ) : null}
              </li>
            ))}
          </ul>
        </Container>
      )
    case 'faqSection':
      return (
        <Container>
          <SectionHeading heading={section.heading ?? 'Frequently asked questions'} intro={section.intro} />
          <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {(section.faqs ?? []).map((faq) => (
              <details key={faq._key} className="group p-5">
                <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {faq.question}
                    <span
                      aria-hidden="true"
                      className="text-brand-700 transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 leading-relaxed text-slate-600">{faq.answer}</p>
              </details>
            ))}
          </div>
        </Container>
      )
    case 'ctaSection':
      return (
        <Container>
          <div className="rounded-2xl bg-gradient-to-r from-brand-700 to-brand-900 px-6 py-12 text-center text-white sm:px-12">
            {section.heading ? (
              <h2 className="text-3xl font-bold tracking-tight">{section.heading}</h2>
            ) : null}
            {(section.text ?? section.intro) ? (
              <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{section.text ?? section.intro}</p>
            ) : null}
            <LinkButtons
              links={section.ctas}
              contacts={ctx.contacts}
              inverted
              className="mt-8 flex flex-wrap justify-center gap-3"
            />
          </div>
        </Container>
      )
    case 'servicesSection':
      return <ServicesSection heading={section.heading} intro={section.intro} />
    case 'industriesSection':
      return <IndustriesSection heading={section.heading} intro={section.intro} />
    case 'brandLogosSection':
      return <BrandLogosSection heading={section.heading} intro={section.intro} />
    case 'featuredProjectSection':
      return (
        <FeaturedProjectSection heading={section.heading} intro={section.intro} project={section.project} />
      )
    case 'testimonialsSection':
      return <TestimonialsSection heading={section.heading} intro={section.intro} />
    case 'latestPostsSection':
      return <LatestPostsSection heading={section.heading} intro={section.intro} />
    case 'quoteFormSection':
      return <QuoteFormSection heading={section.heading} intro={section.text ?? section.intro} />
    case 'projectsListSection':
      return <ProjectsListSection heading={section.heading} intro={section.intro} />
    case 'gallerySection':
      return <GallerySection heading={section.heading} intro={section.intro} />
    case 'postsListSection':
      return <PostsListSection heading={section.heading} intro={section.intro} />
    case 'newsletterSection':
      return (
        <NewsletterSection
          heading={section.heading}
          text={section.text ?? section.intro}
          note={section.note}
        />
      )
    case 'supportFormSection':
      return <SupportFormSection section={section} contacts={ctx.contacts} />
    default:
      return null
  }
}

const tinted = new Set([
  'statsSection',
  'industriesSection',
  'testimonialsSection',
  'faqSection',
  'projectsListSection',
])

export function Sections({ sections, ctx }: { sections: Section[] | null | undefined; ctx: SectionContext }) {
  return (
    <>
      {(sections ?? []).map((section) => (
        <section
          key={section._key}
          id={section.anchor ?? undefined}
          aria-labelledby={undefined}
          className={`py-14 sm:py-20 ${tinted.has(section._type) ? 'bg-slate-50' : ''}`}
        >
          <SectionBody section={section} ctx={ctx} />
        </section>
      ))}
    </>
  )
}

/** FAQ entries of every faqSection, for FAQPage structured data. */
export function faqsOf(sections: Section[] | null | undefined) {
  return (sections ?? []).flatMap((s) => (s._type === 'faqSection' ? (s.faqs ?? []) : []))
}
