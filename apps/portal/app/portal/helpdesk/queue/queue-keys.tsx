'use client'

import { useEffect } from 'react'

/** Keys that belong to whatever has focus: typing in a field, or a shortcut with a modifier. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null
  if (event.altKey || event.ctrlKey || event.metaKey) return true
  return !!target?.closest(
    'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"]',
  )
}

/**
 * The queue's keyboard: j / k move to the next / previous ticket (its link takes focus, so Enter
 * opens it as any link does), x ticks it for the bulk bar, / jumps to the search box. The current
 * row is marked with data-current for its highlight.
 */
export function QueueKeys() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event)) return
      const rows = [...document.querySelectorAll<HTMLElement>('[data-queue-row]')]
      const current = rows.findIndex((row) => row.hasAttribute('data-current'))
      const focusedRow = rows.findIndex((row) => row.contains(document.activeElement))
      const at = focusedRow >= 0 ? focusedRow : current
      if (event.key === '/') {
        event.preventDefault()
        document.querySelector<HTMLInputElement>('#queue-search')?.focus()
      } else if (event.key === 'j' || event.key === 'k') {
        if (rows.length === 0) return
        event.preventDefault()
        const next = at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)))
        for (const row of rows) row.removeAttribute('data-current')
        const row = rows[next]
        row?.setAttribute('data-current', '')
        row?.querySelector<HTMLElement>('[data-queue-link]')?.focus()
      } else if (event.key === 'x' && at >= 0) {
        event.preventDefault()
        rows[at]?.querySelector<HTMLInputElement>('input[name="ids"]')?.click()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return null
}
