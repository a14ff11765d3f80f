import { forwarderSecretProblem, WELL_KNOWN_FORWARDER_SECRET } from '@siyakha/schemas/client-address'

/**
 * Configuration the site's server must refuse to serve with, as messages (none: fine to start).
 * In production against a hosted Supabase project, the well-known local forwarder secret would let
 * anyone vouch for any visitor address and so pick their own rate limits on the public forms.
 */
export function startupProblems(env: Record<string, string | undefined>): string[] {
  const problem = forwarderSecretProblem({
    production: env.NODE_ENV === 'production',
    supabaseUrl: env.NEXT_PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321',
    forwarderSecret: env.FORWARDER_SECRET || WELL_KNOWN_FORWARDER_SECRET,
  })
  return problem ? [problem] : []
}

/**
 * Optional settings of a site on a Sanity project that it starts without, by name and what goes
 * without each (issue 44): reported when the server starts, never met as a failed request first.
 */
export function startupWarnings(env: Record<string, string | undefined>): string[] {
  if (!env.SANITY_PROJECT_ID) return []
  const warnings: string[] = []
  if (!env.SANITY_REVALIDATE_SECRET)
    warnings.push(
      'SANITY_REVALIDATE_SECRET is not set: the Sanity webhook is refused (401), so published content reaches the site only with its next build',
    )
  if (!env.SANITY_API_READ_TOKEN)
    warnings.push('SANITY_API_READ_TOKEN is not set: the Studio’s Presentation preview of drafts answers 404')
  if (!env.SANITY_STUDIO_URL)
    warnings.push(
      'SANITY_STUDIO_URL is not set: only http://localhost:3333 may frame the site for the Studio’s preview',
    )
  return warnings
}
