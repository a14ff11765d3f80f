import type { ContactDetails } from '@siyakha/content/links'
import type { PageQueryResult } from '@siyakha/content/types'
import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import Link from 'next/link'
import { BrandLogoCarousel } from '@/components/brand-logo-carousel'
import { Icon } from '@/components/icon'
import { NewsletterBox } from '@/components/newsletter-box'
import { ProjectGallery } from '@/components/project-gallery'
import { QuoteForm } from '@/components/quote-form'
import { SupportRequestForm } from '@/components/support-request-form'
import { TestimonialsCarousel } from '@/components/testimonials-carousel'
import {
  getBrandLogos,
  getGallery,
  getIndustries,
  getLatestPosts,
  getPosts,
  getProjects,
  getServices,
  getTestimonials,
} from '@/lib/content'
import { newsletterAction, quoteRequestAction } from '@/lib/form-actions'
import { serviceHref } from '@/lib/routes'
import { CmsImage } from './cms-image'
import { PostCard } from './post-card'
import { SectionHeading } from './section-heading'

type Heading = { heading?: string | null; intro?: string | null }

const colourClasses: Record<string, string> = {
  sky: 'bg-sky-50 text-sky-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-800',
  rose: 'bg-rose-50 text-rose-700',
  teal: 'bg-teal-50 text-teal-700',
  indigo: 'bg-indigo-50 text-indigo-700',
}

export async function ServicesSection({ heading, intro }: Heading) {
  const services = await getServices()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} centered />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li
            key={service._id}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span
              className={`mb-4 inline-flex h-12 w-12 items-center justify-center rounded-lg ${colourClasses[service.colour ?? 'sky'] ?? colourClasses.sky}`}
            >
              <Icon name={service.icon ?? 'network'} className="h-6 w-6" />
            </span>
            <h3 className="text-xl font-semibold text-slate-900">{service.title}</h3>
            <p className="mt-2 text-slate-600">{service.summary}</p>
            {service.benefit ? (
              <p className="mt-3 text-sm font-medium text-slate-800">{service.benefit}</p>
            ) : null}
            <Link
              href={serviceHref(service.slug ?? '', null)}
              className="mt-5 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Learn more<span className="sr-only"> about {service.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  )
}

export async function IndustriesSection({ heading, intro }: Heading) {
  const industries = await getIndustries()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} centered />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {industries.map((industry) => (
          <li key={industry._id} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center gap-3">
              <Icon name={industry.icon ?? 'building'} className="h-6 w-6 text-brand-700" />
              <h3 className="text-lg font-semibold text-slate-900">{industry.title}</h3>
            </div>
            <ul className="mt-3 space-y-1 text-slate-600">
              {(industry.points ?? []).map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Container>
  )
}

export async function BrandLogosSection({ heading, intro }: Heading) {
  const logos = await getBrandLogos()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} centered />
      <BrandLogoCarousel
        logos={logos.flatMap((l) =>
          l.logo?.asset?.url && l.logo.asset.width && l.logo.asset.height
            ? [
                {
                  name: l.name ?? '',
                  src: l.logo.asset.url,
                  width: l.logo.asset.width,
                  height: l.logo.asset.height,
                },
              ]
            : [],
        )}
      />
    </Container>
  )
}

type FeaturedProject = Extract<
  NonNullable<NonNullable<PageQueryResult>['sections']>[number],
  { _type: 'featuredProjectSection' }
>['project']

export function FeaturedProjectSection({ heading, intro, project }: Heading & { project: FeaturedProject }) {
  if (!project) return null
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} />
      <article className="grid items-center gap-8 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:grid-cols-2">
        <CmsImage
          image={project.image}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="h-full w-full object-cover"
        />
        <div className="p-8">
          <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
            <Icon name="map-pin" className="h-4 w-4" />
            {project.location}
          </p>
          <h3 className="mt-2 text-2xl font-bold text-slate-900">{project.title}</h3>
          <p className="mt-3 text-slate-600">{project.summary}</p>
          <ul className="mt-5 space-y-2">
            {(project.features ?? []).map((feature) => (
              <li key={feature} className="flex gap-2 text-slate-700">
                <Icon name="check" className="mt-1 h-4 w-4 shrink-0 text-accent-500" />
                {feature}
              </li>
            ))}
          </ul>
          <Link href={`/projects/${project.slug}`} className={buttonClasses({ className: 'mt-6' })}>
            Read the case study
          </Link>
        </div>
      </article>
    </Container>
  )
}

export async function TestimonialsSection({ heading, intro }: Heading) {
  const testimonials = await getTestimonials()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} centered />
      <TestimonialsCarousel
        testimonials={testimonials.map((t) => ({
          name: t.name ?? '',
          role: t.role ?? '',
          company: t.company ?? '',
          content: t.content ?? '',
          rating: t.rating ?? 5,
          initials: t.initials ?? '',
        }))}
      />
    </Container>
  )
}

export async function LatestPostsSection({ heading, intro }: Heading) {
  const posts = await getLatestPosts()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} />
      <ul className="grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <Link href="/blog" className={buttonClasses({ variant: 'outline', className: 'mt-10' })}>
        Read the blog
      </Link>
    </Container>
  )
}

export async function PostsListSection({ heading, intro }: Heading) {
  const posts = await getPosts()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </Container>
  )
}

export async function ProjectsListSection({ heading, intro }: Heading) {
  const projects = await getProjects()
  return (
    <Container>
      <SectionHeading heading={heading} intro={intro} />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <li
            key={project._id}
            className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            <CmsImage
              image={project.image}
              sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            />
            <div className="flex flex-1 flex-col p-6">
              <p className="text-sm font-medium text-brand-700">{project.location}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{project.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{project.summary}</p>
              <Link
                href={`/projects/${project.slug}`}
                className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                View project<span className="sr-only">: {project.title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Container>
  )
}

export async function GallerySection({ heading, intro }: Heading) {
  const items = await getGallery()
  return (
    <Container>
      <SectionHeading heading={heading ?? 'Project Gallery'} intro={intro} />
      <ProjectGallery
        items={items.flatMap((item) =>
          item.image?.asset?.url && item.image.asset.width && item.image.asset.height
            ? [
                {
                  caption: item.caption ?? '',
                  src: item.image.asset.url,
                  width: item.image.asset.width,
                  height: item.image.asset.height,
                  alt: item.image.alt ?? item.caption ?? '',
                },
              ]
            : [],
        )}
      />
    </Container>
  )
}

export async function QuoteFormSection({ heading, intro }: Heading) {
  const services = await getServices()
  return (
    <Container>
      <div className="grid gap-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading heading={heading} intro={intro} />
        </div>
        <div className="lg:col-span-3">
          <QuoteForm
            action={quoteRequestAction}
            services={services.map((s) => ({ value: s.slug ?? '', label: s.title ?? '' }))}
          />
        </div>
      </div>
    </Container>
  )
}

export function NewsletterSection({
  heading,
  text,
  note,
}: {
  heading?: string | null
  text?: string | null
  note?: string | null
}) {
  return (
    <Container>
      <div className="mx-auto max-w-2xl rounded-2xl bg-brand-50 p-8 text-center">
        {heading ? <h2 className="text-2xl font-bold text-slate-900">{heading}</h2> : null}
        {text ? <p className="mt-3 text-slate-700">{text}</p> : null}
        <NewsletterBox action={newsletterAction} note={note ?? undefined} />
      </div>
    </Container>
  )
}

type SupportFormData = Extract<
  NonNullable<NonNullable<PageQueryResult>['sections']>[number],
  { _type: 'supportFormSection' }
>

export function SupportFormSection({
  section,
  contacts,
}: {
  section: SupportFormData
  contacts: ContactDetails
}) {
  const phones = (contacts.phones ?? []) as {
    e164?: string | null
    display?: string | null
    label?: string | null
  }[]
  const support = contacts.emails?.support ?? ''
  return (
    <Container>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
          <h2 className="text-2xl font-bold text-slate-900">{section.formHeading}</h2>
          {section.formIntro ? <p className="mt-2 text-slate-600">{section.formIntro}</p> : null}
          <div className="mt-6">
            <SupportRequestForm />
          </div>
        </div>
        {/* On phones the urgent-help card comes first: someone whose network is down should see
            the phone numbers before a long form. */}
        <aside
          className="order-first h-fit rounded-2xl bg-brand-900 p-6 text-white sm:p-8 lg:order-none"
          aria-labelledby="urgent-help"
        >
          <h2 id="urgent-help" className="text-xl font-bold">
            {section.sideHeading}
          </h2>
          {section.sideText ? <p className="mt-2 text-slate-200">{section.sideText}</p> : null}
          <ul className="mt-6 space-y-4">
            {phones.map((phone) => (
              <li key={phone.e164}>
                <span className="block text-sm text-slate-300">{phone.label}</span>
                <a
                  href={`tel:${phone.e164}`}
                  className="text-lg font-semibold underline-offset-4 hover:underline"
                >
                  {phone.display}
                </a>
              </li>
            ))}
            <li>
              <span className="block text-sm text-slate-300">Email</span>
              <a href={`mailto:${support}`} className="font-semibold underline-offset-4 hover:underline">
                {support}
              </a>
            </li>
            {contacts.whatsappNumber ? (
              <li>
                <a
                  href={`https://wa.me/${contacts.whatsappNumber.replace(/\D/g, '')}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
                >
                  Chat on WhatsApp
                </a>
              </li>
            ) : null}
          </ul>
          <p className="mt-6 text-sm text-slate-300">{section.receiptNote}</p>
        </aside>
      </div>
    </Container>
  )
}
