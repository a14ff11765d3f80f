/** Joins class names, skipping falsy ones. No merging: callers add classes, they don't override variants. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
