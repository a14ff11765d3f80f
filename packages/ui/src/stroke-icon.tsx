import type { ReactNode } from 'react'

/** A 24px line icon drawn in the text colour (theme.css `stroke-icon`); decorative, so screen readers skip it. */
export function StrokeIcon({ className = 'h-5 w-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`stroke-icon ${className}`}>
      {children}
    </svg>
  )
}

/** The previous/next arrow of a carousel's buttons. */
export function ArrowIcon({ direction }: { direction: 'prev' | 'next' }) {
  return (
    <StrokeIcon>
      <path d={direction === 'prev' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </StrokeIcon>
  )
}
