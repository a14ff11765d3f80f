import type { PostsQueryResult } from '@siyakha/content/types'
import Link from 'next/link'
import { formatDate } from '@/lib/format'
import { CmsImage } from './cms-image'
import { ItemGrid } from './item-grid'

export function PostCard({ post }: { post: PostsQueryResult[number] }) {
  return (
    // `relative` anchors the title link's full-card overlay (`after:inset-0`) to this card; without
    // it the overlay stretches over the nearest positioned ancestor and swallows clicks on the hero.
    <article className="media-card">
      <CmsImage image={post.coverImage} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-brand-700">{post.category}</span>
          {post.publishedAt ? (
            <>
              {' · '}
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            </>
          ) : null}
          {post.readTime ? ` · ${post.readTime}` : null}
        </p>
        <h3 className="mt-2 card-title">
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="card-text">{post.excerpt}</p>
      </div>
    </article>
  )
}

/** Post cards as a list; `className` lays out the grid. */
export function PostCardList({ posts, className }: { posts: PostsQueryResult; className: string }) {
  return (
    <ItemGrid items={posts} className={className}>
      {(post) => <PostCard post={post} />}
    </ItemGrid>
  )
}
