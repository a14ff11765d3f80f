/** Text as it may stand in HTML: the five characters with a meaning there become entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}
