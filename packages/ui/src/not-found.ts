const attribute = 'data-not-found'

/**
 * Spread on a not-found page's outermost element: NotFoundLogger, in the root layout, logs the path
 * of any page that carries it.
 */
export const notFoundMarker = { [attribute]: '' } as const

export const NOT_FOUND_SELECTOR = `[${attribute}]`
