import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import { notFoundMarker } from '@siyakha/ui/not-found'
import type { Metadata } from 'next'

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } }

export default function NotFound() {
  return (
    <Container
      {...notFoundMarker}
      className="flex min-h-[50vh] flex-col items-center justify-center py-24 text-center"
    >
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <Link href="/" className={buttonClasses({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </Container>
  )
}
