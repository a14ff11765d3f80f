import type { ButtonHTMLAttributes } from 'react'
import { cn } from './cn'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'link' | 'destructive'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-50',
  outline: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-900 hover:bg-brand-50',
  link: 'underline-offset-4 hover:underline',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-lg',
  icon: 'h-11 w-11',
}

/**
 * Classes for a button look; use on `<a>`/`<Link>` so links that look like buttons stay links.
 * `onDark` is for dark bands, where the brand-coloured focus ring and link text would sit at about
 * 1.5:1. `className` adds layout (margins, width) and must not restate what the look sets.
 */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  onDark = false,
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  onDark?: boolean
  className?: string
} = {}): string {
  return cn(
    base,
    onDark ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-600',
    variants[variant],
    variant === 'link' ? (onDark ? 'text-white' : 'text-brand-700') : null,
    variant === 'link' ? 'h-auto px-0' : sizes[size],
    className,
  )
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />
}
