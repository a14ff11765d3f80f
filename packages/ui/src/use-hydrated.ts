import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the page is server-rendered HTML (JavaScript off or not loaded yet), true once React
 * has hydrated. Forms show their outcome on the page before hydration and as a toast after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
