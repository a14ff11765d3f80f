/** Project and dataset: from the environment, with offline placeholders for build and validate. */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'local0000'
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production'
export const apiVersion = process.env.SANITY_STUDIO_API_VERSION || '2025-06-01'
/** The site the Presentation tool previews drafts on. */
export const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_ORIGIN || 'http://localhost:3000'
