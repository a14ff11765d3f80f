/** How long a change waits for the others of the same save (a reply moves the ticket too). */
export const SETTLE_MS = 200
/** At most one refresh in this time: each is a render of the whole page on the server. */
export const MIN_GAP_MS = 2000

export interface RefreshPacer {
  /** A change arrived: refresh soon, or once the tab is seen again. */
  changed(): void
  /** The tab's visibility changed: a change that came while it was hidden refreshes now. */
  visibilityChanged(): void
  stop(): void
}

/**
 * Paces a live page's refreshes. A busy queue changes many times a second and every agent with it
 * open renders it again on the server for each refresh, so changes that come together make one
 * refresh, refreshes are at least MIN_GAP_MS apart (a change in between joins the next one; a
 * steady stream of changes cannot put it off), and a hidden tab waits until it is looked at.
 */
export function refreshPacer(refresh: () => void, isHidden: () => boolean): RefreshPacer {
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = Number.NEGATIVE_INFINITY
  let missed = false
  const changed = () => {
    if (isHidden()) {
      missed = true
      return
    }
    if (timer !== undefined) return
    timer = setTimeout(
      () => {
        timer = undefined
        last = Date.now()
        refresh()
      },
      Math.max(SETTLE_MS, last + MIN_GAP_MS - Date.now()),
    )
  }
  return {
    changed,
    visibilityChanged() {
      if (!missed || isHidden()) return
      missed = false
      changed()
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
