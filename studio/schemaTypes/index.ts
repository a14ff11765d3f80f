import { brandLogo } from './documents/brandLogo'
import { galleryItem } from './documents/galleryItem'
import { industry } from './documents/industry'
import { page } from './documents/page'
import { post } from './documents/post'
import { project } from './documents/project'
import { redirect } from './documents/redirect'
import { regionalPage } from './documents/regionalPage'
import { service } from './documents/service'
import { testimonial } from './documents/testimonial'
import { card } from './objects/card'
import { faq } from './objects/faq'
import { hero } from './objects/hero'
import { link } from './objects/link'
import { brandLogosSection } from './objects/sections/brandLogosSection'
import { cardGridSection } from './objects/sections/cardGridSection'
import { ctaSection } from './objects/sections/ctaSection'
import { faqSection } from './objects/sections/faqSection'
import { featuredProjectSection } from './objects/sections/featuredProjectSection'
import { gallerySection } from './objects/sections/gallerySection'
import { industriesSection } from './objects/sections/industriesSection'
import { latestPostsSection } from './objects/sections/latestPostsSection'
import { listSection } from './objects/sections/listSection'
import { newsletterSection } from './objects/sections/newsletterSection'
import { postsListSection } from './objects/sections/postsListSection'
import { pricingSection } from './objects/sections/pricingSection'
import { projectsListSection } from './objects/sections/projectsListSection'
import { quoteFormSection } from './objects/sections/quoteFormSection'
import { servicesSection } from './objects/sections/servicesSection'
import { statsSection } from './objects/sections/statsSection'
import { supportFormSection } from './objects/sections/supportFormSection'
import { testimonialsSection } from './objects/sections/testimonialsSection'
import { textSection } from './objects/sections/textSection'
import { seo } from './objects/seo'
import { stat } from './objects/stat'
import { siteSettings } from './singletons/siteSettings'

export const singletonTypes = [siteSettings]

export const documentTypes = [
  page,
  service,
  regionalPage,
  project,
  galleryItem,
  testimonial,
  post,
  industry,
  brandLogo,
  redirect,
]

export const sectionTypes = [
  textSection,
  cardGridSection,
  listSection,
  statsSection,
  pricingSection,
  faqSection,
  ctaSection,
  servicesSection,
  industriesSection,
  brandLogosSection,
  featuredProjectSection,
  testimonialsSection,
  latestPostsSection,
  quoteFormSection,
  projectsListSection,
  gallerySection,
  postsListSection,
  newsletterSection,
  supportFormSection,
]

export const objectTypes = [link, seo, faq, stat, card, hero, ...sectionTypes]

export const schemaTypes = [...singletonTypes, ...documentTypes, ...objectTypes]

/** Document types with exactly one document, whose `_id` is the type name. */
export const SINGLETON_TYPES: ReadonlySet<string> = new Set(singletonTypes.map((type) => type.name))
