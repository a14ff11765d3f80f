const dateTime = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
})

/** Ticket and message times, in South African time whatever the server's zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}
