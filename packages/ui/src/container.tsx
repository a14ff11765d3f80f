import type { HTMLAttributes } from 'react'
import { cn } from './cn'

type ContainerElement = 'div' | 'section' | 'header' | 'footer' | 'main' | 'nav' | 'article'

// theme.css: `page-width` is `page-column max-w-7xl`, the width of nearly every container.
const widths = {
  '2xl': 'page-column max-w-2xl',
  '3xl': 'page-column max-w-3xl',
  '6xl': 'page-column max-w-6xl',
  '7xl': 'page-width',
} as const

export type ContainerProps = HTMLAttributes<HTMLElement> & {
  as?: ContainerElement
  /** The content width: the page's (7xl) or a narrower reading column. */
  width?: keyof typeof widths
}

/** The page's content width and gutters. */
export function Container({ as: Element = 'div', width = '7xl', className, ...props }: ContainerProps) {
  return <Element className={cn(widths[width], className)} {...props} />
}
