import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { HttpRequest, HttpResponse } from './respond.js'
import { notFound } from './respond.js'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
}

/** Vite's output names carry a content hash (`index-CsJ3X0bc.js`): those never change. */
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

function isHashed(file: string): boolean {
  const match = HASHED.exec(path.basename(file))
  return match !== null && /[A-Z0-9]/.test(match[0])
}

async function fileAt(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`)
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'ENAMETOOLONG') return undefined
    throw error
  })
  if (info?.isFile()) return file
  if (info?.isDirectory()) return fileAt(root, path.posix.join(pathname, 'index.html'))
  return undefined
}

/**
 * The built Studio's page loads Sanity's dashboard bridge script and the Inter web font from
 * Sanity's CDNs. Offline they only fail (console errors, a late font swap), and nothing here may
 * reach the network, so the page is served without them: the Studio falls back to system fonts and
 * runs without the dashboard it is not embedded in.
 */
export function withoutRemoteResources(html: string): string {
  return html
    .replace(/<script\b[^>]*\bsrc="https?:\/\/[^"]*"[^>]*>\s*<\/script>/g, '')
    .replace(/@font-face\s*\{[^}]*url\(["']?https?:\/\/[^}]*\}/g, '')
}

async function send(
  req: HttpRequest,
  res: HttpResponse,
  file: string,
  cacheControl: string,
  sessionCookie: string,
): Promise<void> {
  const raw = await readFile(file)
  const html = path.extname(file) === '.html'
  const bytes = html ? Buffer.from(withoutRemoteResources(raw.toString('utf8'))) : raw
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': bytes.length,
    'Cache-Control': cacheControl,
    // The page signs the Studio it loads in: its API calls, sent with credentials, carry this.
    ...(html ? { 'Set-Cookie': sessionCookie } : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : bytes)
}

/**
 * The built Studio, from the TLS origin so one certificate covers the page and its API. Files as
 * they are; any other page (the Studio's own routes, `Accept: text/html`) gets `index.html`, with
 * the session cookie that signs the Studio in.
 */
export async function serveStudio(
  req: HttpRequest,
  res: HttpResponse,
  root: string,
  url: URL,
  sessionCookie: string,
): Promise<void> {
  const file = await fileAt(root, url.pathname)
  if (file) {
    const immutable = isHashed(file) && path.extname(file) !== '.html'
    await send(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache', sessionCookie)
    return
  }
  const accept = req.headers.accept
  const index = path.join(root, 'index.html')
  if (typeof accept === 'string' && accept.includes('text/html')) {
    const found = await stat(index).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (found?.isFile()) {
      await send(req, res, index, 'no-cache', sessionCookie)
      return
    }
    throw notFound(`The Studio is not built (no ${index}): run npm run build -w studio`)
  }
  throw notFound(`No file ${url.pathname} in the built Studio`)
}
