import type { HTMLAttributes } from 'react'
import { cn } from './cn'

type ContainerElement = 'div' | 'section' | 'header' | 'footer' | 'main' | 'nav' | 'article'

export type ContainerProps = HTMLAttributes<HTMLElement> & { as?: ContainerElement }

/** The page's content width and gutters. */
export function Container({ as: Element = 'div', className, ...props }: ContainerProps) {
  return <Element className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />
}
