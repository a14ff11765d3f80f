/** The down chevron of a disclosure button; it turns over while the panel is open. */
export function Chevron({ open, size }: { open: boolean; size: 'h-4 w-4' | 'h-5 w-5' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`stroke-icon ${size} transition-transform ${open ? 'rotate-180' : ''}`}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  )
}
