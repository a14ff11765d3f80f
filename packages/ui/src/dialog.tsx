'use client'

import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from './cn'
import { StrokeIcon } from './stroke-icon'

export type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean
  /** `wide` for photos and other large content; forms keep the narrow column. */
  size?: 'narrow' | 'wide'
  className?: string
  children?: ReactNode
}

/**
 * The native `<dialog>` opened with `showModal()`: the browser gives us the focus trap, Esc,
 * inert background and top-layer stacking without a library. A click on the backdrop closes it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideTitle,
  size = 'narrow',
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc is the keyboard way out
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Esc and close() both end in a 'close' event; report it so the owner's state follows.
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false)
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-brand-900 shadow-2xl backdrop:bg-brand-900/60',
        size === 'wide' ? 'max-w-4xl' : 'max-w-lg',
        className,
      )}
    >
      <div className="relative p-6">
        <h2 id={titleId} className={cn('pr-10 text-xl font-bold', hideTitle && 'sr-only')}>
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span className="sr-only">Close</span>
          <StrokeIcon>
            <path d="M18 6 6 18M6 6l12 12" />
          </StrokeIcon>
        </button>
        <div className={hideTitle ? undefined : 'mt-4'}>{children}</div>
      </div>
    </dialog>
  )
}
