import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import { JsonLd } from '@/components/json-ld'
import { NotFoundInPage } from '@/components/not-found-in-page'
import { CmsImage } from '@/components/sections/cms-image'
import { LinkButtons } from '@/components/sections/links'
import { RichText } from '@/components/sections/rich-text'
import { ShareBar } from '@/components/share-bar'
import { ViewCounter } from '@/components/view-counter'
import { getPost, getPostRoutes } from '@/lib/content'
import { absoluteUrl } from '@/lib/env'
import { formatDate } from '@/lib/format'
import { blogPostingJsonLd, breadcrumbJsonLd } from '@/lib/json-ld'
import { getSectionContext, type SlugProps, slugMetadata, slugParams } from '@/lib/page-data'
import { redirectIfMoved } from '@/lib/redirects'
import { buildMetadata } from '@/lib/seo'

// Articles published after the build are rendered on their first visit (and cached, under the
// post tag, like the built ones); a slug no article has is a CMS redirect or the 404 page.
export const generateStaticParams = slugParams(getPostRoutes)

export const generateMetadata = slugMetadata(getPost, (post, slug, { brandName }) => ({
  ...buildMetadata({
    title: post.seo?.title ?? post.title,
    description: post.seo?.description ?? post.excerpt,
    path: `/blog/${slug}`,
    brandName,
    type: 'article',
    publishedTime: post.publishedAt,
    modifiedTime: post._updatedAt,
    image: post.coverImage?.asset?.url
      ? { ...post.coverImage.asset, url: post.coverImage.asset.url, alt: post.coverImage.alt }
      : null,
  }),
  keywords: post.keywords ?? undefined,
}))

export default async function ArticlePage({ params }: SlugProps) {
  const { slug } = await params
  const [post, { settings, ctx }] = await Promise.all([getPost(slug), getSectionContext()])
  const path = `/blog/${slug}`
  if (!post) {
    await redirectIfMoved(path)
    return <NotFoundInPage />
  }
  const title = post.title
  return (
    <article className="pb-16">
      <header className="bg-slate-50">
        <Container className="py-12 sm:py-16">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link href="/blog" className="hover:underline">
              ← All articles
            </Link>
          </nav>
          <p className="mt-6 text-sm font-semibold text-brand-700">{post.category}</p>
          <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-slate-600">
            {post.publishedAt ? (
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            ) : null}
            {post.readTime ? <span>· {post.readTime}</span> : null}
            <span aria-hidden="true">·</span>
            <ViewCounter path={path} baseline={post.baselineViews} increment />
          </p>
        </Container>
      </header>
      <Container className="mt-10">
        <CmsImage
          image={post.coverImage}
          sizes="(min-width: 1280px) 1100px, 100vw"
          className="mb-10 w-full max-w-5xl rounded-xl"
          preload
        />
        <RichText value={post.body} />
        <LinkButtons
          links={post.closingCtas}
          contacts={ctx.contacts}
          className="mt-10 flex flex-wrap gap-3"
        />
        <div className="mt-12 max-w-[70ch] border-t border-slate-200 pt-8">
          <ShareBar url={absoluteUrl(path)} title={title} />
        </div>
        {settings.articleFooter ? (
          <aside
            className="mt-10 max-w-[70ch] rounded-xl bg-brand-50 p-6"
            aria-label={`About ${ctx.brandName}`}
          >
            <RichText value={settings.articleFooter} />
          </aside>
        ) : null}
      </Container>
      <JsonLd
        data={blogPostingJsonLd({
          headline: title,
          description: post.seo?.description ?? post.excerpt,
          path,
          datePublished: post.publishedAt,
          dateModified: post._updatedAt,
          image: post.coverImage?.asset?.url,
          keywords: post.keywords,
          brandName: ctx.brandName,
        })}
      />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
          { name: title, path },
        ])}
      />
    </article>
  )
}
