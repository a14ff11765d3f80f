export type {
  CompositeTypes,
  Database,
  Enums,
  Json,
  Tables,
  TablesInsert,
  TablesUpdate,
} from './types.gen'
export { Constants } from './types.gen'

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './types.gen'

/** Every client this package builds: browser, server component, route handler or proxy. */
export type TypedSupabaseClient = SupabaseClient<Database>
