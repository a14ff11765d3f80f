import { contentEnv, isLocalLake, LOCAL_PROJECT_ID } from './env'

/** An asset file name as the Content Lake names them: `<sha1>-<w>x<h>.<ext>` or `<sha1>.<ext>`. */
const FILE_NAME = /^[0-9a-f]{40}(-\d+x\d+)?\.[a-z0-9]+$/

/**
 * A local Content Lake image, fetched from the lake's plain-HTTP port for the site's
 * CONTENT_ASSET_BASE route. Null when there is nothing to serve: hosted mode (images come from
 * Sanity's CDN), a name that is not an asset's, or a file the lake does not have.
 */
export async function fetchLocalImage(fileName: string): Promise<Response | null> {
  if (!isLocalLake() || !FILE_NAME.test(fileName)) return null
  const url = `${contentEnv.SANITY_API_HOST}/images/${LOCAL_PROJECT_ID}/${contentEnv.SANITY_DATASET}/${fileName}`
  const upstream = await fetch(url)
  if (upstream.status === 404) return null
  if (!upstream.ok) throw new Error(`The local Content Lake answered ${upstream.status} for ${url}`)
  return upstream
}
