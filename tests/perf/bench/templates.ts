// One real path per route template of the site, from the seed's routes (tests/e2e/site.ts).
import { POST_ROUTES, PROJECT_ROUTES, REGIONAL_ROUTES, SERVICE_ROUTES } from '../../e2e/site'

const first = (routes: string[]) => routes[0] ?? '/'

export const TEMPLATES: [name: string, path: string][] = [
  ['home', '/'],
  ['service', first(SERVICE_ROUTES)],
  ['regional', first(REGIONAL_ROUTES)],
  ['project', first(PROJECT_ROUTES)],
  ['blog index', '/blog'],
  ['article', first(POST_ROUTES)],
  ['legal', '/terms'],
  ['log-it', '/log-it'],
  ['404', '/bench-page-that-does-not-exist'],
]

export const templatePath = (name: string) => TEMPLATES.find(([n]) => n === name)?.[1]

/** Templates whose throughput is measured by default (cached content pages). */
export const LOAD_TEMPLATES = ['home', 'article', 'legal']

/** The "done when": Lighthouse 100 on these. */
export const PERFECT_SCORE_TEMPLATES = ['home', 'article', 'log-it']
