import type { ProjectConfig } from '../config/project.js'

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127\./.test(hostname)
}

/** GoTrue globs: `*` stops at `.` and `/`, `**` crosses them. */
function globToRegExp(glob: string): RegExp {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        out += '.*'
        i++
      } else {
        out += '[^./]*'
      }
    } else if (ch === '?') {
      out += '[^./]'
    } else {
      out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')
    }
  }
  return new RegExp(`^${out}$`)
}

export function createRedirectValidator(config: ProjectConfig['auth']) {
  const site = new URL(config.site_url)
  const globs = config.additional_redirect_urls.map(globToRegExp)
  const isValid = (candidate: string): boolean => {
    let url: URL
    try {
      url = new URL(candidate)
    } catch {
      // Not an absolute URL: GoTrue rejects it as a redirect target.
      return false
    }
    const host = url.hostname
    if (/^\d+$/.test(host)) return false
    if (/^[\d.]+$/.test(host) || host.startsWith('[')) {
      if (!isLoopback(host)) return false
    }
    const sameSite =
      url.protocol === site.protocol &&
      (url.host === site.host || (isLoopback(host) && isLoopback(site.hostname) && host === site.hostname))
    if (sameSite) return true
    const withoutFragment = candidate.split('#')[0] as string
    return globs.some((glob) => glob.test(withoutFragment))
  }
  return {
    isValid,
    /** `redirect_to`, else an allowed Referer, else the site URL. */
    resolve(redirectTo: string | undefined | null, referer: string | undefined): string {
      if (redirectTo && isValid(redirectTo)) return redirectTo
      if (referer && isValid(referer)) return referer
      return config.site_url
    },
  }
}

export type RedirectValidator = ReturnType<typeof createRedirectValidator>
