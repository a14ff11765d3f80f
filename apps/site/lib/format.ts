const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "3 November 2024" for an ISO date. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}
