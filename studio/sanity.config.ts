import { visionTool } from '@sanity/vision'
import { defineConfig } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { apiVersion, dataset, previewOrigin, projectId } from './env'
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes'
import { structure } from './structure'

/** Actions that would create a second singleton or remove the only one. */
const SINGLETON_HIDDEN_ACTIONS = new Set(['duplicate', 'delete', 'unpublish'])

export default defineConfig({
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
    newDocumentOptions: (prev, { creationContext }) =>
      creationContext.type === 'global' ? prev.filter((item) => !SINGLETON_TYPES.has(item.templateId)) : prev,
    actions: (prev, { schemaType }) =>
      SINGLETON_TYPES.has(schemaType)
        ? prev.filter(({ action }) => !action || !SINGLETON_HIDDEN_ACTIONS.has(action))
        : prev,
  },
})
