import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { LakeDocument } from '../core/types.js'
import { fileExtension, inspectImage, mimeTypeOf, sha1, storeAssetFile } from './asset-files.js'
import { type ApiContext, datasetOf, type Route, type RouterDeps } from './context.js'
import { type HttpRequest, type HttpResponse, httpError, notFound, readBody, sendJson } from './respond.js'

const UPLOAD_LIMIT = 256 * 1024 * 1024

type AssetKind = 'images' | 'files'

function optionalFields(url: URL): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const name of ['label', 'title', 'description', 'creditLine'] as const) {
    const value = url.searchParams.get(name)
    if (value) fields[name] = value
  }
  const sourceName = url.searchParams.get('sourceName')
  if (sourceName) {
    fields.source = {
      name: sourceName,
      id: url.searchParams.get('sourceId') ?? undefined,
      url: url.searchParams.get('sourceUrl') ?? undefined,
    }
  }
  return fields
}

function describeAsset(ctx: ApiContext, kind: AssetKind, dataset: string, bytes: Buffer) {
  const hash = sha1(bytes)
  const { projectId, publicOrigin } = ctx.deps
  const filename = ctx.url.searchParams.get('filename')
  const contentType = ctx.req.headers['content-type']
  if (kind === 'images') {
    const image = inspectImage(bytes)
    const file = `${hash}-${image.width}x${image.height}.${image.extension}`
    const assetPath = `images/${projectId}/${dataset}/${file}`
    return {
      file,
      document: {
        _id: `image-${hash}-${image.width}x${image.height}-${image.extension}`,
        _type: 'sanity.imageAsset',
        assetId: hash,
        sha1hash: hash,
        extension: image.extension,
        mimeType: mimeTypeOf(image.extension).split(';')[0],
        originalFilename: filename ?? file,
        size: bytes.length,
        path: assetPath,
        url: `${publicOrigin}/${assetPath}`,
        uploadId: hash,
        ...optionalFields(ctx.url),
        metadata: {
          _type: 'sanity.imageMetadata',
          dimensions: {
            _type: 'sanity.imageDimensions',
            width: image.width,
            height: image.height,
            aspectRatio: image.width / image.height,
          },
          hasAlpha: image.hasAlpha,
          isOpaque: !image.hasAlpha,
        },
      },
    }
  }
  const extension = fileExtension(filename, typeof contentType === 'string' ? contentType : undefined)
  const file = `${hash}.${extension}`
  const assetPath = `files/${projectId}/${dataset}/${file}`
  return {
    file,
    document: {
      _id: `file-${hash}-${extension}`,
      _type: 'sanity.fileAsset',
      assetId: hash,
      sha1hash: hash,
      extension,
      mimeType:
        typeof contentType === 'string' && contentType !== ''
          ? contentType
          : mimeTypeOf(extension).split(';')[0],
      originalFilename: filename ?? file,
      size: bytes.length,
      path: assetPath,
      url: `${publicOrigin}/${assetPath}`,
      uploadId: hash,
      ...optionalFields(ctx.url),
    },
  }
}

const upload =
  (kind: AssetKind): Route['handler'] =>
  async (ctx, param) => {
    const datasetName = param('ds')
    const dataset = datasetOf(ctx, datasetName)
    const bytes = await readBody(ctx.req, UPLOAD_LIMIT)
    if (bytes.length === 0) throw httpError(400, 'Empty upload')
    const { file, document } = describeAsset(ctx, kind, datasetName, bytes)
    await storeAssetFile(dataset.assetsDir, file, bytes)
    // Same bytes, same id: an earlier upload is answered as it was stored.
    const [existing] = dataset.getDocuments([document._id])
    if (existing) {
      sendJson(ctx.res, 200, { document: existing })
      return
    }
    const { results } = await dataset.mutate([{ createIfNotExists: document }], { returnDocuments: true })
    const stored: LakeDocument | undefined = results[0]?.document ?? dataset.getDocuments([document._id])[0]
    sendJson(ctx.res, 200, { document: stored })
  }

/** Contract §7.1: uploads create the asset document in a transaction, so listeners see it. */
export const assetRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/assets\/images\/(?<ds>[^/]+)$/,
    editorOnly: true,
    handler: upload('images'),
  },
  { method: 'POST', pattern: /^\/assets\/files\/(?<ds>[^/]+)$/, editorOnly: true, handler: upload('files') },
]

const ASSET_PATH =
  /^\/(?<kind>images|files)\/(?<project>[^/]+)\/(?<ds>[^/]+)\/(?<file>[a-f0-9]{40}(?:-\d+x\d+)?\.[A-Za-z0-9]+)(?:\/[^/]*)?$/

export function isAssetPath(pathname: string): boolean {
  return /^\/(images|files)\//.test(pathname)
}

/**
 * `/images/<project>/<dataset>/<sha1>-<w>x<h>.<ext>` (and `/files/…`), optionally followed by a
 * vanity file name. The bytes are served as stored for any query string: transforms (`w`, `h`,
 * `rect`, `fit`, `auto`…) are ignored, which the Studio and `next/image` tolerate.
 */
export async function serveAsset(
  req: HttpRequest,
  res: HttpResponse,
  deps: RouterDeps,
  url: URL,
): Promise<void> {
  const match = ASSET_PATH.exec(url.pathname)
  const groups = match?.groups
  if (!groups?.project || !groups.ds || !groups.file) throw notFound('Asset not found')
  const dataset = deps.lake.dataset(groups.ds)
  if (groups.project !== deps.projectId || !dataset) throw notFound('Asset not found')
  const filePath = path.join(dataset.assetsDir, groups.file)
  const bytes = await readFile(filePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR') throw notFound('Asset not found')
    throw error
  })
  const extension = path.extname(groups.file).slice(1)
  // `?dl` or `?dl=<name>` asks for a download, as on Sanity's CDN.
  const download = url.searchParams.get('dl')
  const disposition =
    download === null
      ? {}
      : {
          'Content-Disposition': `attachment; filename="${(download || groups.file).replace(/[^\w.-]/g, '_')}"`,
        }
  res.writeHead(200, {
    ...disposition,
    'Content-Type': mimeTypeOf(extension),
    'Content-Length': bytes.length,
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
  res.end(req.method === 'HEAD' ? undefined : bytes)
}
