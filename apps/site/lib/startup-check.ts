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
