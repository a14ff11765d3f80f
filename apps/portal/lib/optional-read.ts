/**
 * A read a page can do without (a list for a filter, a side panel's context): its data, or
 * `fallback` when it fails, logged, so that part of the page is empty instead of the page broken.
 */
export async function optionalRead<T>(
  what: string,
  read: () => PromiseLike<{ data: T }>,
  fallback: T,
): Promise<T> {
  try {
    return (await read()).data
  } catch (error) {
    console.error(`Could not load ${what}`, error)
    return fallback
  }
}
