import { defineCliConfig } from 'sanity/cli'
import { dataset, projectId } from './env'
import { viteCompat } from './vite-compat'

export default defineCliConfig({
  api: { projectId, dataset },
  studioHost: process.env.SANITY_STUDIO_HOST || undefined,
  deployment: { autoUpdates: false },
  vite: (config) => viteCompat(config),
  // TypeGen reads sanity-typegen.json, so scripts/check-typegen.ts can point a copy elsewhere.
})
