import { validatePreviewUrl } from '@sanity/preview-url-secret'
import { sameSitePathOr } from '@siyakha/schemas/same-site-path'
import { contentEnv } from './env'

export type PreviewCheck =
  | { ok: true; redirectTo: string }
  | { ok: false; status: 401 | 404; message: string }

/**
 * Checks a Studio preview link (the Presentation tool's secret, verified against the Content Lake
 * with the read token) and returns the same-site path to open in draft mode.
 */
export async function checkPreviewRequest(requestUrl: string): Promise<PreviewCheck> {
  const { SANITY_PROJECT_ID: projectId, SANITY_API_READ_TOKEN: token } = contentEnv
  if (!projectId || !token)
    return { ok: false, status: 404, message: 'Preview needs a Sanity project and read token' }
  const { createClient } = await import('@sanity/client')
  const client = createClient({
    projectId,
    dataset: contentEnv.SANITY_DATASET,
    apiVersion: contentEnv.SANITY_API_VERSION,
    useCdn: false,
    token,
  })
  const { isValid, redirectTo = '/' } = await validatePreviewUrl(client, requestUrl)
  if (!isValid) return { ok: false, status: 401, message: 'Invalid preview secret' }
  // Only a path on this site: the query string is the visitor's, whatever the secret says.
  return { ok: true, redirectTo: sameSitePathOr(redirectTo, '/') }
}
