import type { Metadata } from 'next'
import { NewsletterOutcome } from '@/components/newsletter-outcome'
import { followNewsletterLink } from '@/lib/newsletter'

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } }

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/** The unsubscribe link at the foot of every newsletter email. */
export default async function UnsubscribePage({ searchParams }: Props) {
  const outcome = await followNewsletterLink('unsubscribe', (await searchParams).token)
  if (outcome === 'done') {
    return (
      <NewsletterOutcome
        heading="You've been unsubscribed"
        text="You won't receive our newsletter any more. You can subscribe again from the blog page at any time."
      />
    )
  }
  if (outcome === 'invalid') {
    return (
      <NewsletterOutcome
        heading="This link is not valid"
        text="We couldn't find a subscription for this unsubscribe link. Please use the link in your most recent newsletter email."
      />
    )
  }
  return (
    <NewsletterOutcome
      heading="We couldn't unsubscribe you"
      text="Something went wrong on our side. Please open the link from your email again in a few minutes."
    />
  )
}
