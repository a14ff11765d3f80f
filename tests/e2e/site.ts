/** Where the production build is served during the tests, and the canonical origin it was built with. */
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 3000)
export const SITE_ORIGIN = `http://localhost:${SITE_PORT}`
export const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3001)
export const PORTAL_ORIGIN = `http://localhost:${PORTAL_PORT}`
/** The local stack's mailbox API (Mailpit-style): every email the stack and the functions send. */
export const MAILBOX_URL = 'http://127.0.0.1:54324'
export const CANONICAL_ORIGIN = (process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
)

export const SERVICE_ROUTES = [
  '/services/infrastructure-and-networking',
  '/services/security-and-surveillance',
  '/services/cloud-and-edge-solutions',
  '/services/smart-collaboration-tools',
  '/services/national-field-support',
  '/services/national-field-support/cutovers-and-sim-replacements',
  '/services/healthcare-it-support',
]

export const REGIONAL_ROUTES = [
  '/it-company-johannesburg',
  '/managed-it-services-johannesburg',
  '/it-support-johannesburg',
  '/cybersecurity-services-johannesburg',
  '/cloud-services-johannesburg',
  '/it-company-cape-town',
  '/it-company-london',
  '/it-company-emea',
  '/it-company-angola',
]

export const PROJECT_ROUTES = [
  'marist-brothers-linmeyer',
  'corporate-office-complex',
  'kfc-national-network-rollout',
  'st-josephs-marist-cape-town-cctv',
  'pelican-club-bahrain',
  'campuskey-network-overhaul',
].map((s) => `/projects/${s}`)

export const POST_ROUTES = [
  'classroom-playback-technology-zoom-ai-lesson-replay',
  'field-support-and-smart-hands-services-south-africa',
  'understanding-the-power-of-ai-in-modern-business-and-education',
  '5-signs-your-school-needs-a-network-upgrade',
  'why-every-growing-business-should-consider-a-managed-it-service-provider-msp',
  'how-to-know-when-its-time-to-replace-your-wi-fi-system',
  'why-you-need-to-upgrade-your-hardware-before-it-slows-you-down',
  'understanding-cyber-vulnerabilities-and-how-to-protect-your-business',
  'ncomputing-the-smart-affordable-solution-for-schools',
  'it-migration-services-south-africa',
  'voip-phone-rollout-services-south-africa',
  'complete-field-support-solutions-on-site-remote-and-dedicated-engineers',
].map((s) => `/blog/${s}`)

export const PAGE_ROUTES = [
  '/',
  '/about',
  '/projects',
  '/careers',
  '/privacy',
  '/terms',
  '/log-it',
  '/support-deals',
  '/services',
  '/blog',
]

/** Every public route of the specification (the portal's /auth comes with the portal). */
export const PUBLIC_ROUTES = [
  ...PAGE_ROUTES,
  ...SERVICE_ROUTES,
  ...REGIONAL_ROUTES,
  ...PROJECT_ROUTES,
  ...POST_ROUTES,
]

export const REDIRECTS: Record<string, string> = {
  '/contact': '/',
  '/company': '/',
  '/need-help': '/log-it',
  '/log-a-call': '/log-it',
  '/services/infrastructure-networking': '/services/infrastructure-and-networking',
  '/services/security-surveillance': '/services/security-and-surveillance',
  '/services/cloud-edge-solutions': '/services/cloud-and-edge-solutions',
  '/healthcare-it-support': '/services/healthcare-it-support',
}

/** The site under test verifies Sanity webhooks with this secret (see playwright.config.ts). */
export const REVALIDATE_SECRET = 'e2e-revalidate-secret'
