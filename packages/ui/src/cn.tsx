import { twMerge } from 'tailwind-merge'

/**
 * Joins class names, skipping falsy ones; of two classes that set the same property the later one
 * wins, so a caller's `className` can override a component's default (a dialog's width, a
 * button's colour on a dark band) instead of depending on the order of rules in the stylesheet.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes)
}
