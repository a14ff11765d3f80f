'use client'

import { useHydrated } from '@siyakha/ui/use-hydrated'

/** Ticks or clears every row's checkbox on the page (the rows' boxes belong to the bulk form). */
export function SelectAll() {
  const hydrated = useHydrated()
  if (!hydrated) return <span className="sr-only">Select</span>
  return (
    <input
      type="checkbox"
      aria-label="Select every ticket on this page"
      className="size-4"
      onChange={(event) => {
        for (const box of document.querySelectorAll<HTMLInputElement>(
          'input[name="ids"][form="bulk-form"]',
        )) {
          if (box.checked !== event.currentTarget.checked) box.click()
        }
      }}
    />
  )
}
