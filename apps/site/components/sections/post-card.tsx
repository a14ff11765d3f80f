import type { PostsQueryResult } from '@siyakha/content/types'
import type { PostCardData } from '@/components/post-cards'
import { formatDate } from '@/lib/format'
import { cmsImageProps } from './cms-image'
import { PostCards } from './islands'

/**
 * Post cards as a list; `className` lays out the grid. `lead`: the list opens the page
 * (SectionProps), so its first picture is fetched at once, first.
 */
export function PostCardList({
  posts,
  className,
  lead = false,
}: {
  posts: PostsQueryResult
  className: string
  lead?: boolean
}) {
  const cards: PostCardData[] = posts.map((post, index) => ({
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt ?? null,
    category: post.category ?? null,
    published: post.publishedAt ? { iso: post.publishedAt, text: formatDate(post.publishedAt) } : null,
    readTime: post.readTime ?? null,
    image: cmsImageProps(post.coverImage, {
      sizes: '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
      preload: lead && index === 0,
    }),
  }))
  return <PostCards posts={cards} className={className} />
}
