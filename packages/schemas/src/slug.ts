/**
 * The spec's slug rule: lowercase, '&' as 'and', spaces as hyphens
 * ("Security & Surveillance" → "security-and-surveillance").
 */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, '-').replace(/-+/g, '-')
}
