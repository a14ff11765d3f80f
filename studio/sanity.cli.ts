import { defineCliConfig } from 'sanity/cli'
import { dataset, projectId } from './env'
import { viteCompat } from './vite-compat'

export default defineCliConfig({
  api: { projectId, dataset },
  studioHost: process.env.SANITY_STUDIO_HOST || undefined,
  deployment: { autoUpdates: false },
  vite: (config) => viteCompat(config),
  typegen: {
    path: '../packages/content/src/**/*.{ts,tsx}',
    schema: './schema.json',
    generates: '../packages/content/src/sanity.types.ts',
    overloadClientMethods: true,
  },
})
