import type { Metadata } from 'next'
import { NewsletterOutcome } from '@/components/newsletter-outcome'
import { followNewsletterLink } from '@/lib/newsletter'

export const metadata: Metadata = {
  title: 'Newsletter subscription',
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/** The link in the double opt-in email. */
export default async function ConfirmSubscriptionPage({ searchParams }: Props) {
  const outcome = await followNewsletterLink('confirm', (await searchParams).token)
  if (outcome === 'done') {
    return (
      <NewsletterOutcome
        heading="You're subscribed"
        text="Thank you for confirming. New articles on EdTech, automation and AI will reach your inbox; every email has an unsubscribe link."
      />
    )
  }
  if (outcome === 'invalid') {
    return (
      <NewsletterOutcome
        heading="This link has expired"
        text="This confirmation link is invalid or has already been used. If you are not subscribed yet, sign up again from the blog page."
      />
    )
  }
  return (
    <NewsletterOutcome
      heading="We couldn't confirm your subscription"
      text="Something went wrong on our side. Please open the link from your email again in a few minutes."
    />
  )
}
