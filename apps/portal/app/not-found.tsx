import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { notFoundMarker } from '@siyakha/ui/not-found'
import type { Metadata } from 'next'
import { SITE_URL } from '@/lib/env'

export const metadata: Metadata = { title: 'Page not found' }

export default function NotFound() {
  return (
    <Container {...notFoundMarker} className="py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">The page you asked for does not exist in the portal.</p>
      <a href={SITE_URL} className={buttonClasses({ className: 'mt-8' })}>
        Back to home
      </a>
    </Container>
  )
}
