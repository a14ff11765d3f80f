import { validatePreviewUrl } from '@sanity/preview-url-secret'
import { sameSitePathOr } from '@siyakha/schemas/same-site-path'
import { contentEnv, isLocalLake } from './env'
import { createContentClient } from './source'

export type PreviewCheck =
  | { ok: true; redirectTo: string }
  | { ok: false; status: 401 | 404; message: string }

/**
 * Checks a Studio preview link (the Presentation tool's secret, verified against the Content Lake
 * with the read token) and returns the same-site path to open in draft mode. The local lake needs
 * no token: its Presentation tool writes the secret there and it is checked the same way.
 */
export async function checkPreviewRequest(requestUrl: string): Promise<PreviewCheck> {
  const token = contentEnv.SANITY_API_READ_TOKEN
  if (!isLocalLake() && !token)
    return { ok: false, status: 404, message: 'Preview needs a Sanity project and read token' }
  const client = (await createContentClient()).withConfig({
    useCdn: false,
    ...(token ? { token } : {}),
  })
  const { isValid, redirectTo = '/' } = await validatePreviewUrl(client, requestUrl)
  if (!isValid) return { ok: false, status: 401, message: 'Invalid preview secret' }
  // Only a path on this site: the query string is the visitor's, whatever the secret says.
  return { ok: true, redirectTo: sameSitePathOr(redirectTo, '/') }
}
