/**
 * The registry entry for a section `_type`, or null for a type the registry does not know: a
 * document written by a newer Studio than this build. Such a section renders nothing, so it cannot
 * break a page; in development a warning names it.
 */
export function lookupSection<R extends object>(registry: R, type: string): R[keyof R] | null {
  if (Object.hasOwn(registry, type)) return registry[type as keyof R]
  if (process.env.NODE_ENV === 'development') {
    console.warn(`No component for section type "${type}": add one to components/sections/registry.ts`)
  }
  return null
}
