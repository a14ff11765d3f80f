import type { MetadataRoute } from 'next'
import { absoluteUrl } from '@/lib/env'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/portal/', '/auth'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  }
}
