import {
  ArrowRightIcon,
  CaseIcon,
  CogIcon,
  CommentIcon,
  DocumentIcon,
  DocumentTextIcon,
  ImageIcon,
  PinIcon,
  ProjectsIcon,
  TagIcon,
} from '@sanity/icons'
import type { StructureResolver } from 'sanity/structure'

/** The desk: the Site settings singleton, the pages, then one list per document type. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .id('siteSettings')
        .icon(CogIcon)
        .child(S.document().schemaType('siteSettings').documentId('siteSettings').title('Site settings')),
      S.divider(),
      S.listItem()
        .title('Pages')
        .id('pages')
        .icon(DocumentIcon)
        .child(
          S.list()
            .title('Pages')
            .items([
              S.documentTypeListItem('page').title('Fixed pages').icon(DocumentIcon),
              S.documentTypeListItem('service').title('Services'),
              S.listItem()
                .title('Regional pages')
                .id('regionalPages')
                .icon(PinIcon)
                .child(
                  S.documentTypeList('regionalPage')
                    .title('Regional pages')
                    .defaultOrdering([{ field: 'order', direction: 'asc' }]),
                ),
            ]),
        ),
      S.listItem()
        .title('Projects')
        .id('projects')
        .icon(ProjectsIcon)
        .child(
          S.list()
            .title('Projects')
            .items([
              S.documentTypeListItem('project').title('Case studies').icon(ProjectsIcon),
              S.documentTypeListItem('galleryItem').title('Gallery').icon(ImageIcon),
            ]),
        ),
      S.documentTypeListItem('post').title('Blog posts').icon(DocumentTextIcon),
      S.divider(),
      S.documentTypeListItem('testimonial').title('Testimonials').icon(CommentIcon),
      S.documentTypeListItem('industry').title('Industries').icon(CaseIcon),
      S.documentTypeListItem('brandLogo').title('Brand logos').icon(TagIcon),
      S.divider(),
      S.documentTypeListItem('redirect').title('Redirects').icon(ArrowRightIcon),
    ])
