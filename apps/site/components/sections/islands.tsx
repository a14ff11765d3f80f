'use client'

import dynamic from 'next/dynamic'

/*
 * The client parts of sections. Every content page reaches the section registry, so a client
 * component imported by any section would ship with every page: /terms would load the carousels
 * and the quote form. Through next/dynamic a part's code ships only with the pages that render it;
 * the server still renders its HTML, so nothing shifts while it loads.
 */
export const BrandLogoCarousel = dynamic(() =>
  import('@/components/brand-logo-carousel').then((m) => m.BrandLogoCarousel),
)
export const TestimonialsCarousel = dynamic(() =>
  import('@/components/testimonials-carousel').then((m) => m.TestimonialsCarousel),
)
export const ProjectGallery = dynamic(() =>
  import('@/components/project-gallery').then((m) => m.ProjectGallery),
)
export const QuoteForm = dynamic(() => import('@/components/quote-form').then((m) => m.QuoteForm))
export const NewsletterBox = dynamic(() => import('@/components/newsletter-box').then((m) => m.NewsletterBox))
export const SupportRequestFormView = dynamic(() =>
  import('@/components/support-request-form-view').then((m) => m.SupportRequestFormView),
)
