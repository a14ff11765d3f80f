import { buttonClasses } from '@siyakha/ui/button'
import { Link } from '@siyakha/ui/link'
import { getLatestPosts } from '@/lib/content'
import { PostCardList } from '../post-card'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function LatestPostsSection({ section }: SectionProps<'latestPostsSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <PostCardList posts={await getLatestPosts()} className="grid gap-6 md:grid-cols-3" />
      <Link href="/blog" className={buttonClasses({ variant: 'outline', className: 'mt-10' })}>
        Read the blog
      </Link>
    </SectionFrame>
  )
}
