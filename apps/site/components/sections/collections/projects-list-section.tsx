import { Link } from '@siyakha/ui/link'
import { getProjects } from '@/lib/content'
import { CmsImage } from '../cms-image'
import { ItemGrid } from '../item-grid'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function ProjectsListSection({ section, lead }: SectionProps<'projectsListSection'>) {
  return (
    <SectionFrame heading={section.heading} intro={section.intro}>
      <ItemGrid
        items={await getProjects()}
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        itemClassName="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        lead={lead}
      >
        {(project, preload) => (
          <>
            <CmsImage
              image={project.image}
              sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
              preload={preload}
            />
            <div className="media-card-body">
              <p className="text-sm font-medium text-brand-700">{project.location}</p>
              <h3 className="mt-1 card-title">{project.title}</h3>
              <p className="card-text">{project.summary}</p>
              <Link href={`/projects/${project.slug}`} className="mt-4 card-more">
                View project<span className="sr-only">: {project.title}</span>
              </Link>
            </div>
          </>
        )}
      </ItemGrid>
    </SectionFrame>
  )
}
