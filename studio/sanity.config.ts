import { createClient } from '@sanity/client'
import { visionTool } from '@sanity/vision'
import { defineConfig, type WorkspaceOptions } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { apiVersion, dataset, localLake, localLakeOrigin, previewOrigin, projectId } from './env'
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes'
import { structure } from './structure'

/** Actions that would create a second singleton or remove the only one. */
const SINGLETON_HIDDEN_ACTIONS = new Set(['duplicate', 'delete', 'unpublish'])

/**
 * Local Content Lake mode: every API call goes to the lake's origin without the project
 * sub-domain (the page and its API share one certificate), and the features that need Sanity's
 * hosted add-on datasets are off. Hosted builds (SANITY_STUDIO_PROJECT_ID set) get none of it.
 */
const localLakeOptions: Partial<WorkspaceOptions> = localLake
  ? {
      apiHost: localLakeOrigin,
      unstable_clientFactory: (options) => createClient({ ...options, useProjectHostname: false }),
      tasks: { enabled: false },
      scheduledPublishing: { enabled: false },
      scheduledDrafts: { enabled: false },
      releases: { enabled: false },
      announcements: { enabled: false },
    }
  : {}

export default defineConfig({
  ...localLakeOptions,
  name: 'default',
  title: 'Siyakha Tech',
  projectId,
  dataset,
  plugins: [
    structureTool({ structure }),
    // Live preview of drafts on the site, through its draft-mode route.
    presentationTool({
      previewUrl: { origin: previewOrigin, previewMode: { enable: '/api/draft-mode/enable' } },
    }),
    visionTool({ defaultApiVersion: apiVersion }),
  ],
  schema: {
    types: schemaTypes,
    // No "create new" for singletons: they exist once, opened from the desk.
    templates: (templates) => templates.filter(({ schemaType }) => !SINGLETON_TYPES.has(schemaType)),
  },
  document: {
    // Comments live in a hosted add-on dataset the local lake does not have.
    ...(localLake ? { comments: { enabled: false } } : {}),
    newDocumentOptions: (prev, { creationContext }) =>
      creationContext.type === 'global' ? prev.filter((item) => !SINGLETON_TYPES.has(item.templateId)) : prev,
    actions: (prev, { schemaType }) =>
      SINGLETON_TYPES.has(schemaType)
        ? prev.filter(({ action }) => !action || !SINGLETON_HIDDEN_ACTIONS.has(action))
        : prev,
  },
})
