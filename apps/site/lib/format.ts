// Built on first use: ICU's locale data costs a page tens of milliseconds the first time a
// formatter for it is made, so a module imported by client code must not make one up front.
let dateFormat: Intl.DateTimeFormat | undefined

/** "3 November 2024" for an ISO date. */
export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return dateFormat.format(new Date(iso))
}

/**
 * "12 345" for 12345, as `toLocaleString('en-ZA')` writes a whole number (digits grouped in
 * threes by a no-break space), without Intl: the first en-ZA formatter a browser makes loads the
 * locale's data, a task of 40–160 ms on a throttled phone that the view counter paid on every
 * article, after the page had loaded.
 */
export function formatCount(count: number): string {
  // \B never falls between a minus sign and the first digit, so a sign needs no handling of its own.
  return String(Math.round(count)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')
}
