/**
 * Joins class names, skipping falsy ones. Nothing is merged: a component's own classes and a
 * caller's `className` must set different properties (a caller adds margins or width; colours,
 * sizes and widths that differ are the component's props). Merging would ship tailwind-merge's
 * 27 KB to every browser for a handful of overrides.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
