/** Project and dataset: from the environment, with offline placeholders for build and validate. */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'local0000'
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production'
export const apiVersion = process.env.SANITY_STUDIO_API_VERSION || '2025-06-01'
/** The site the Presentation tool previews drafts on. */
export const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_ORIGIN || 'http://localhost:3000'
/**
 * With no Sanity project configured the Studio edits the local Content Lake
 * (packages/local-content-lake). The lake serves this Studio and its API from one TLS origin, so a
 * Studio opened over HTTPS talks to the origin it came from (whatever port that lake listens on);
 * `sanity dev` (plain HTTP) talks to the lake on its default port.
 */
export const localLake = !process.env.SANITY_STUDIO_PROJECT_ID
export const localLakeOrigin =
  process.env.SANITY_STUDIO_API_HOST ||
  (typeof window !== 'undefined' && window.location.protocol === 'https:'
    ? window.location.origin
    : 'https://localhost:54340')
