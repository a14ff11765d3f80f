import { getGallery } from '@/lib/content'
import { ProjectGallery } from '../islands'
import { SectionFrame } from '../section-frame'
import type { SectionProps } from '../types'

export async function GallerySection({ section }: SectionProps<'gallerySection'>) {
  return (
    <SectionFrame heading={section.heading ?? 'Project Gallery'} intro={section.intro}>
      <ProjectGallery items={await getGallery()} />
    </SectionFrame>
  )
}
