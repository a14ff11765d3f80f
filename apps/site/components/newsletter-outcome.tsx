import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'

/** The page a newsletter email link lands on: one heading, one sentence, a way back. */
export function NewsletterOutcome({ heading, text }: { heading: string; text: string }) {
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">{text}</p>
      <Link href="/blog" className={buttonClasses({ className: 'mt-8' })}>
        Read the blog
      </Link>
    </Container>
  )
}
