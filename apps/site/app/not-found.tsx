import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import { notFoundMarker } from '@siyakha/ui/not-found'
import type { Metadata } from 'next'
import { NOT_FOUND_METADATA } from '@/lib/seo'

export const metadata: Metadata = NOT_FOUND_METADATA

export default function NotFound() {
  return (
    // Every page's RSC payload carries this tree (Next renders it in place on a client-side
    // notFound()), so its looks are short names (theme.css).
    <Container {...notFoundMarker} className="notice-screen">
      <p className="notice-code">404</p>
      <h1 className="notice-title">Oops! Page not found</h1>
      <Link href="/" className={buttonClasses({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </Container>
  )
}
