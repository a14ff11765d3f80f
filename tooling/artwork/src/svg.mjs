import { C } from './palette.mjs'

// SVG primitives. Coordinates are rounded to one decimal so the markup stays short and stable.

export const n = (v) => Math.round(v * 10) / 10
export const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}" ${extra}/>`
export const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`
export const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`
export const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`
export const stroke = (d, color, w, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`
export const line = (x1, y1, x2, y2, color, w, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${color}" stroke-width="${w}" stroke-linecap="round" ${extra}/>`
export const at = (x, y, content, s = 1) =>
  `<g transform="translate(${n(x)} ${n(y)})${s === 1 ? '' : ` scale(${s})`}">${content}</g>`
export function svgDoc(W, H, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`
}
// Light backdrop: soft gradient, a few translucent blobs, an optional floor band.
export function backdrop(W, H, rng, o = {}) {
  const top = o.top ?? '#f0f9ff'
  const bottom = o.bottom ?? '#e0f2fe'
  const floorY = o.floorY ?? H * 0.74
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`
  let s = rect(0, 0, W, H, 'url(#bg)')
  const blobColours = o.blobs ?? [C.sky, C.teal, C.blue5]
  for (let i = 0; i < 3; i++) {
    s += circle(
      rng.range(0, W),
      rng.range(0, H * 0.6),
      rng.range(H * 0.18, H * 0.34),
      blobColours[i % blobColours.length],
      'opacity="0.07"',
    )
  }
  if (o.floor !== false) {
    s += rect(0, floorY, W, H - floorY, o.floorColour ?? '#dbeafe')
    s += rect(0, floorY, W, 4, o.floorEdge ?? '#bfdbfe')
  }
  return { defs, s, floorY }
}

// A scene on the light backdrop; `draw` returns the markup drawn over it.
export const scene = (backdropOptions, draw) => (W, H, rng) => {
  const bg = backdrop(W, H, rng, backdropOptions)
  return { defs: bg.defs, s: bg.s + draw(rng, W, H) }
}
