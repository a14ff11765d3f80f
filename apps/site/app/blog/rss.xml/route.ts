import { getPosts, getSettings } from '@/lib/content'
import { absoluteUrl } from '@/lib/env'

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// Prerendered like the pages, and expired with them when a post changes (the reads are tagged).
export const dynamic = 'force-static'

export async function GET() {
  const [posts, settings] = await Promise.all([getPosts(), getSettings()])
  const brand = settings.brandName
  const items = posts
    .map((p) => {
      const url = absoluteUrl(`/blog/${p.slug}`)
      return `<item><title>${escapeXml(p.title ?? '')}</title><link>${url}</link><guid>${url}</guid><pubDate>${new Date(p.publishedAt ?? 0).toUTCString()}</pubDate><category>${escapeXml(p.category ?? '')}</category><description>${escapeXml(p.excerpt ?? '')}</description></item>`
    })
    .join('')
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escapeXml(`${brand} Blog`)}</title><link>${absoluteUrl('/blog')}</link><description>${escapeXml(settings.description)}</description><language>en-za</language>${items}</channel></rss>`
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } })
}
