import type { NextConfig } from 'next'

// The reference page: Next's defaults, so the bench compares the site with what Next itself costs.
const config: NextConfig = { poweredByHeader: false }

export default config
