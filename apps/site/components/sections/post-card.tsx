import type { PostsQueryResult } from '@siyakha/content/types'
import Link from 'next/link'
import { formatDate } from '@/lib/format'
import { CmsImage } from './cms-image'
import { ItemGrid } from './item-grid'

export function PostCard({ post }: { post: PostsQueryResult[number] }) {
  return (
    // `relative` anchors the title link's full-card overlay (`after:inset-0`) to this card; without
    // it the overlay stretches over the nearest positioned ancestor and swallows clicks on the hero.
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
        <h3 className="mt-2 text-lg font-semibold text-slate-900">
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
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
