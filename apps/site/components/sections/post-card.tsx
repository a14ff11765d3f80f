import type { PostsQueryResult } from '@siyakha/content/types'
import { Link } from '@siyakha/ui/link'
import { formatDate } from '@/lib/format'
import { CmsImage } from './cms-image'
import { ItemGrid } from './item-grid'

/** `preload`: the card's picture is on the first screen; fetch it at once, first. */
export function PostCard({ post, preload = false }: { post: PostsQueryResult[number]; preload?: boolean }) {
  return (
    // `relative` anchors the title link's full-card overlay (`after:inset-0`) to this card; without
    // it the overlay stretches over the nearest positioned ancestor and swallows clicks on the hero.
    <article className="media-card">
      <CmsImage
        image={post.coverImage}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        preload={preload}
      />
      <div className="media-card-body">
        <p className="card-meta">
          <span className="card-category">{post.category}</span>
          {post.publishedAt ? (
            <>
              {' · '}
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            </>
          ) : null}
          {post.readTime ? ` · ${post.readTime}` : null}
        </p>
        <h3 className="mt-2 card-title">
          <Link href={`/blog/${post.slug}`} className="card-link">
            {post.title}
          </Link>
        </h3>
        <p className="card-text">{post.excerpt}</p>
      </div>
    </article>
  )
}

/** Post cards as a list; `className` lays out the grid. `lead`: the list opens the page (SectionProps). */
export function PostCardList({
  posts,
  className,
  lead = false,
}: {
  posts: PostsQueryResult
  className: string
  lead?: boolean
}) {
  return (
    <ItemGrid items={posts} className={className} lead={lead}>
      {(post, preload) => <PostCard post={post} preload={preload} />}
    </ItemGrid>
  )
}
