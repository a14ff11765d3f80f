import { C } from './palette.mjs'
import { circle, line, rect, svgDoc } from './svg.mjs'

// The social card (the only artwork with text) and the plain wordmark logos.

// The social card: "Siyakha Tech" / "IT that keeps Johannesburg working" on a blue→teal gradient.
export function ogCard(W, H, rng) {
  const defs = `<linearGradient id="og" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.blue}"/><stop offset="1" stop-color="${C.teal}"/></linearGradient>`
  let s = rect(0, 0, W, H, 'url(#og)')
  // network constellation on the right
  const pts = Array.from({ length: 16 }, () => [rng.range(900, 1160), rng.range(40, 590)])
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const [a, b] = [pts[i], pts[j]]
      if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 170)
        s += line(a[0], a[1], b[0], b[1], C.white, 2, 'opacity="0.25"')
    }
  for (const [x, y] of pts) s += circle(x, y, rng.range(5, 10), C.white, 'opacity="0.7"')
  s += circle(1000, 120, 260, C.sky, 'opacity="0.12"') + circle(1100, 600, 200, C.navy, 'opacity="0.12"')
  s += rect(80, 150, 72, 8, C.amber, 4)
  const font = 'font-family="Arial, Helvetica, sans-serif"'
  s += `<text x="80" y="270" ${font} font-size="92" font-weight="700" fill="${C.white}">Siyakha Tech</text>`
  s += `<text x="80" y="350" ${font} font-size="44" fill="${C.white}" opacity="0.92">IT that keeps Johannesburg working</text>`
  return svgDoc(W, H, s, defs)
}
export const logos = {
  microsoft: 'Microsoft 365',
  cisco: 'Cisco',
  ubiquiti: 'Ubiquiti',
  fortinet: 'Fortinet',
  hikvision: 'Hikvision',
  dell: 'Dell',
  hp: 'HP',
  lenovo: 'Lenovo',
  mikrotik: 'MikroTik',
  veeam: 'Veeam',
}
export function logoSvg(name) {
  const size = name.length > 10 ? 26 : 32
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${name}"><title>${name}</title><text x="120" y="51" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#334155">${name}</text></svg>\n`
}
