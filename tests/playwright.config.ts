import { defineConfig, devices } from '@playwright/test'
import { PORTAL_PORT, REVALIDATE_SECRET, SITE_ORIGIN, SITE_PORT } from './e2e/site'

// End-to-end tests run against the production builds (`next start`) of the site and the portal,
// with the local Supabase stack and the local Content Lake on their default ports, each freshly
// seeded every run, in Debian's Chromium: Playwright never downloads a browser here.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const reuse = !process.env.CI
/**
 * Specs that change what every other spec sees: a setting every staff session feels (two-factor),
 * a page added to the site and its sitemap for a few seconds (site-publish).
 */
const RUN_LAST = /(two-factor|site-publish)\.spec\.ts$/
/**
 * The stand-ins remove their throwaway data folder (a seeded PostgreSQL, ~70 MB) when they stop;
 * Playwright's default stop is SIGKILL, which left one behind in /tmp every run.
 */
const STACK_SHUTDOWN = { signal: 'SIGTERM', timeout: 20_000 } as const

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: SITE_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: RUN_LAST,
      teardown: 'last',
    },
    // Requiring two-factor sign-in for all staff refuses the demo staff sessions of every test
    // running alongside, and a page published for a few seconds would be in the sitemap that other
    // specs load page by page, so those specs run once all the others are done (as their
    // teardown). Run on their own (a file filter), they run alone.
    {
      name: 'last',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: RUN_LAST,
    },
  ],
  webServer: [
    {
      // The site reads its content from here, and Studio tests edit it: a fresh seed every run.
      command: `SANITY_REVALIDATE_SECRET=${REVALIDATE_SECRET} node scripts/e2e-stack.mjs content-lake`,
      cwd: '..',
      url: 'http://127.0.0.1:54341/v1/ping',
      reuseExistingServer: reuse,
      timeout: 60_000,
      gracefulShutdown: STACK_SHUTDOWN,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/e2e-stack.mjs supabase',
      cwd: '..',
      url: 'http://127.0.0.1:54324/',
      reuseExistingServer: reuse,
      timeout: 120_000,
      gracefulShutdown: STACK_SHUTDOWN,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `PORT=${PORTAL_PORT} npm run start -w @siyakha/portal`,
      cwd: '..',
      url: `http://localhost:${PORTAL_PORT}/auth`,
      reuseExistingServer: reuse,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The tests play the proxy in front of the site: their X-Forwarded-For is the visitor's address.
      command: `SANITY_REVALIDATE_SECRET=${REVALIDATE_SECRET} TRUSTED_PROXY_HOPS=1 PORT=${SITE_PORT} npm run start -w @siyakha/site`,
      cwd: '..',
      url: `${SITE_ORIGIN}/robots.txt`,
      reuseExistingServer: reuse,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
