import { getPosts } from '@/lib/content'
import { PostCardList } from '../post-card'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function PostsListSection({ section, lead }: SectionProps<'postsListSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <PostCardList
        posts={await getPosts()}
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        lead={lead}
      />
    </SectionFrame>
  )
}
