import type { ButtonHTMLAttributes } from 'react'
import { cn } from './cn'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'link' | 'destructive'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

// The looks are named utilities in theme.css; written out in full so Tailwind finds them.
const variants: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  link: 'btn-link',
  destructive: 'btn-destructive',
}

const sizes: Record<ButtonSize, string> = { sm: 'btn-sm', md: 'btn-md', lg: 'btn-lg', icon: 'btn-icon' }

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
    onDark ? 'btn btn-dark' : 'btn',
    variants[variant],
    variant === 'link' ? (onDark ? 'text-white' : 'text-brand-700') : sizes[size],
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
