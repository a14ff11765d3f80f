/**
 * Spread on a not-found page's outermost element: NotFoundLogger, in the root layout, logs the path
 * of any page that carries it.
 */
export const notFoundMarker = { 'data-not-found': '' } as const

export const NOT_FOUND_SELECTOR = '[data-not-found]'
