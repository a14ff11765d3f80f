import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import { Icon } from '@/components/icon'
import { JsonLd } from '@/components/json-ld'
import { NotFoundInPage } from '@/components/not-found-in-page'
import { Breadcrumbs } from '@/components/sections/breadcrumbs'
import { CmsImage } from '@/components/sections/cms-image'
import { FeatureList } from '@/components/sections/feature-list'
import { RichText } from '@/components/sections/rich-text'
import { getProject, getProjectRoutes, getSettings } from '@/lib/content'
import { breadcrumbJsonLd } from '@/lib/json-ld'
import { type SlugProps, slugMetadata, slugParams } from '@/lib/page-data'
import { redirectIfMoved } from '@/lib/redirects'
import { buildMetadata } from '@/lib/seo'

// Case studies published after the build are rendered on their first visit (and cached, under the
// project tag, like the built ones); a slug no case study has is a CMS redirect or the 404 page.
export const generateStaticParams = slugParams(getProjectRoutes)

export const generateMetadata = slugMetadata(getProject, (project, slug, { brandName }) =>
  buildMetadata({
    title: project.seo?.title ?? `${project.title} | ${brandName}`,
    description: project.seo?.description ?? project.summary,
    path: `/projects/${slug}`,
    brandName,
    image: project.image?.asset?.url
      ? { ...project.image.asset, url: project.image.asset.url, alt: project.image.alt }
      : null,
  }),
)

export default async function ProjectPage({ params }: SlugProps) {
  const { slug } = await params
  const [project, settings] = await Promise.all([getProject(slug), getSettings()])
  if (!project) {
    await redirectIfMoved(`/projects/${slug}`)
    return <NotFoundInPage />
  }
  const name = project.title
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Projects', path: '/projects' },
    { name, path: `/projects/${slug}` },
  ]
  const enquiry = `mailto:${settings.emails.support}?subject=${encodeURIComponent(`Enquiry: ${name}`)}`
  return (
    <article>
      <header className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <Container className="py-14 sm:py-20">
          <Breadcrumbs items={crumbs} />
          <p className="flex items-center gap-2 text-sky-300">
            <Icon name={project.icon ?? 'map-pin'} className="h-5 w-5" />
            {project.location}
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{name}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">{project.summary}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* A plain link: browsers keep #quote-form across /contact's redirect, client routing can drop it. */}
            <a href="/contact#quote-form" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Request a Consultation
            </a>
            <Link href="/projects" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              Back to Projects
            </Link>
          </div>
        </Container>
      </header>
      <Container className="grid gap-12 py-14 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <CmsImage
            image={project.image}
            sizes="(min-width: 1024px) 66vw, 100vw"
            className="mb-10 rounded-xl"
            preload
          />
          <RichText value={project.body} />
        </div>
        <aside className="h-fit rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-slate-900">What we delivered</h2>
          <FeatureList features={project.features} className="mt-4 space-y-2" />
          {project.ctaStyle === 'email' ? (
            <a href={enquiry} className={buttonClasses({ className: 'mt-6 w-full' })}>
              Email an enquiry
            </a>
          ) : (
            <a href="/contact#quote-form" className={buttonClasses({ className: 'mt-6 w-full' })}>
              Book a free consultation
            </a>
          )}
        </aside>
      </Container>
      <JsonLd data={breadcrumbJsonLd(crumbs)} />
    </article>
  )
}
