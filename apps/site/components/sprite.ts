import sprite from './icons.svg'

/**
 * The URL of one symbol of icons.svg, for an `<svg><use href>`. The sprite is one hashed,
 * long-cached file, so a page's HTML and RSC payload carry a reference per icon, never its paths.
 */
export function spriteHref(id: string): string {
  return `${sprite.src}#${id}`
}
