import { buttonClasses } from '@siyakha/ui/button'
import { Link } from '@siyakha/ui/link'
import { Icon } from '@/components/icon'
import { CmsImage } from '../cms-image'
import { FeatureList } from '../feature-list'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export function FeaturedProjectSection({ section, lead }: SectionProps<'featuredProjectSection'>) {
  const { project } = section
  if (!project) return null
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <article className="feature-card">
        <CmsImage
          image={project.image}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="size-full object-cover"
          preload={lead}
        />
        <div className="p-8">
          <p className="feature-place">
            <Icon name="map-pin" className="size-4" />
            {project.location}
          </p>
          <h3 className="feature-title">{project.title}</h3>
          <p className="mt-3 text-slate-600">{project.summary}</p>
          <FeatureList features={project.features} className="mt-5 space-y-2" />
          <Link href={`/projects/${project.slug}`} className={buttonClasses({ className: 'mt-6' })}>
            Read the case study
          </Link>
        </div>
      </article>
    </SectionFrame>
  )
}
