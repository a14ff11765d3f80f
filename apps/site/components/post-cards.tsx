'use client'

import { Link } from '@siyakha/ui/link'
import type { CmsImageProps } from './sections/cms-image'

export type PostCardData = {
  slug: string
  title: string
  excerpt: string | null
  category: string | null
  /** ISO date and its wording, worded on the server so both render the same text. */
  published: { iso: string; text: string } | null
  readTime: string | null
  image: CmsImageProps | null
}

/** Post cards as a list; `className` lays out the grid (an island: sections/islands.tsx). */
export function PostCards({ posts, className }: { posts: PostCardData[]; className: string }) {
  return (
    <ul className={className}>
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  )
}

function PostCard({ post }: { post: PostCardData }) {
  return (
    // `media-card` is `relative`: it anchors the title link's full-card overlay (`card-link`'s
    // `after:inset-0`) to this card; without it the overlay stretches over the nearest positioned
    // ancestor and swallows clicks on the hero.
    <article className="media-card">
      {/* biome-ignore lint/performance/noImgElement: the server's getImageProps gave the optimiser's srcset (cmsImageProps) */}
      {post.image ? <img {...post.image} alt={post.image.alt} /> : null}
      <div className="media-card-body">
        <p className="card-meta">
          <span className="card-category">{post.category}</span>
          {post.published ? (
            <>
              {' · '}
              <time dateTime={post.published.iso}>{post.published.text}</time>
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
