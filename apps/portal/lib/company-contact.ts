import 'server-only'
import { settingsQuery } from '@siyakha/content/queries'
import { getContentSource } from '@siyakha/content/source'
import type { SettingsQueryResult } from '@siyakha/content/types'
import { unstable_cache } from 'next/cache'

/**
 * The company's WhatsApp number from the CMS settings (the same document the site's WhatsApp button
 * reads). Cached for five minutes: the site's publish webhook does not reach the portal, so a new
 * number shows here within that time. Null when the settings have none or cannot be read.
 */
export const companyWhatsappNumber = unstable_cache(
  async (): Promise<string | null> => {
    try {
      const source = await getContentSource()
      const settings: SettingsQueryResult = await source.fetch(settingsQuery)
      return settings?.whatsappNumber ?? null
    } catch (error) {
      // The ticket page still works without the link; the log says why it is missing.
      console.error('Could not read the company WhatsApp number from the CMS settings', error)
      return null
    }
  },
  ['company-whatsapp-number'],
  { revalidate: 300 },
)
