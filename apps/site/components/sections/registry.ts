import { BrandLogosSection } from './collections/brand-logos-section'
import { FeaturedProjectSection } from './collections/featured-project-section'
import { GallerySection } from './collections/gallery-section'
import { IndustriesSection } from './collections/industries-section'
import { LatestPostsSection } from './collections/latest-posts-section'
import { PostsListSection } from './collections/posts-list-section'
import { ProjectsListSection } from './collections/projects-list-section'
import { ServicesSection } from './collections/services-section'
import { TestimonialsSection } from './collections/testimonials-section'
import { CardGridSection } from './content/card-grid-section'
import { CtaSection } from './content/cta-section'
import { FaqSection } from './content/faq-section'
import { ListSection } from './content/list-section'
import { PricingSection } from './content/pricing-section'
import { StatsSection } from './content/stats-section'
import { TextSection } from './content/text-section'
import { NewsletterSection } from './forms/newsletter-section'
import { QuoteFormSection } from './forms/quote-form-section'
import { SupportFormSection } from './forms/support-form-section'
import type { SectionRegistry, SectionType } from './types'

/**
 * The component of each Studio section type. `satisfies` makes this exhaustive: when TypeGen adds
 * a section type to the schema's union, the site stops compiling until the type has a component.
 * Folders: `content/` renders the section's own fields, `collections/` lists documents of another
 * type, `forms/` hosts a form.
 */
export const sectionComponents = {
  textSection: TextSection,
  cardGridSection: CardGridSection,
  listSection: ListSection,
  statsSection: StatsSection,
  pricingSection: PricingSection,
  faqSection: FaqSection,
  ctaSection: CtaSection,
  servicesSection: ServicesSection,
  industriesSection: IndustriesSection,
  brandLogosSection: BrandLogosSection,
  featuredProjectSection: FeaturedProjectSection,
  testimonialsSection: TestimonialsSection,
  latestPostsSection: LatestPostsSection,
  projectsListSection: ProjectsListSection,
  gallerySection: GallerySection,
  postsListSection: PostsListSection,
  quoteFormSection: QuoteFormSection,
  newsletterSection: NewsletterSection,
  supportFormSection: SupportFormSection,
} satisfies SectionRegistry

/** Sections on the light grey band; the rest sit on white. */
export const tintedSections: ReadonlySet<SectionType> = new Set<SectionType>([
  'statsSection',
  'industriesSection',
  'testimonialsSection',
  'faqSection',
  'projectsListSection',
])
