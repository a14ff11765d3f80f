import { C } from '../palette.mjs'
import { circle, ellipse, line, n, path, rect, stroke } from '../svg.mjs'

// Props are drawn at the origin; place them with at().

// School building, ground-left at origin (draws upwards).
export function schoolBuilding(w, h, o = {}) {
  const wall = o.wall ?? '#fde7c7'
  const roof = o.roof ?? '#b45309'
  let s = rect(0, -h, w, h, wall)
  s += rect(0, -h, w, 10, '#f5d0a0')
  s += path(`M${-20} ${-h} L${w / 2} ${-h - h * 0.32} L${w + 20} ${-h}Z`, roof)
  // centre gable window
  s += circle(w / 2, -h - h * 0.13, h * 0.06, C.skyL, `stroke="${C.white}" stroke-width="4"`)
  const cols = o.cols ?? 6
  const rows = o.rows ?? 2
  const cw = w / cols
  const rh = (h - 20) / rows
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (r === rows - 1 && (c === Math.floor(cols / 2) || c === Math.floor(cols / 2) - 1)) continue
      s += rect(
        c * cw + cw * 0.2,
        -h + 24 + r * rh,
        cw * 0.6,
        rh * 0.55,
        '#7dd3fc',
        3,
        `stroke="${C.white}" stroke-width="4"`,
      )
      s += line(
        c * cw + cw * 0.5,
        -h + 24 + r * rh,
        c * cw + cw * 0.5,
        -h + 24 + r * rh + rh * 0.55,
        C.white,
        3,
      )
    }
  // door
  const dx = (Math.floor(cols / 2) - 1) * cw + cw * 0.3
  s += rect(dx, -rh * 0.8, cw * 1.4, rh * 0.8, C.tealD, 4)
  s += line(dx + cw * 0.7, -rh * 0.8, dx + cw * 0.7, 0, C.tealL, 3)
  s += rect(dx - 10, -rh * 0.9, cw * 1.4 + 20, 10, roof, 3)
  return s
}
export function tree(h, colour = C.teal) {
  let s = rect(-h * 0.04, -h * 0.4, h * 0.08, h * 0.4, '#92400e')
  s += circle(0, -h * 0.62, h * 0.3, colour)
  s += circle(-h * 0.15, -h * 0.5, h * 0.2, colour)
  s += circle(h * 0.16, -h * 0.52, h * 0.22, colour)
  s += circle(-h * 0.06, -h * 0.72, h * 0.12, '#5eead4', 'opacity="0.5"')
  return s
}
export function palm(h) {
  let s = stroke(`M0 0 Q${h * 0.08} ${-h * 0.5} ${-h * 0.04} ${-h}`, '#a16207', h * 0.06)
  const tx = -h * 0.04
  const ty = -h
  for (const [dx, dy] of [
    [-0.4, 0.1],
    [-0.35, -0.12],
    [0.4, 0.1],
    [0.35, -0.14],
    [0, -0.25],
    [-0.2, 0.22],
    [0.2, 0.22],
  ])
    s += stroke(
      `M${n(tx)} ${n(ty)} Q${n(tx + dx * h * 0.6)} ${n(ty + dy * h - h * 0.15)} ${n(tx + dx * h)} ${n(ty + dy * h + h * 0.12)}`,
      '#15803d',
      h * 0.05,
    )
  return s
}
// Side view of a 15-seat minibus taxi, ground-left at origin, length L.
export function minibus(L) {
  const H = L * 0.42
  const k = L / 500
  let s = ellipse(L * 0.5, 4, L * 0.52, 10 * k, C.navy, 'opacity="0.12"')
  s += path(
    `M${20 * k} ${-30 * k} L${14 * k} ${-H + 24 * k} Q${16 * k} ${-H} ${44 * k} ${-H} L${380 * k} ${-H} Q${410 * k} ${-H} ${430 * k} ${-H + 30 * k} L${480 * k} ${-120 * k} Q${500 * k} ${-110 * k} ${500 * k} ${-80 * k} L${500 * k} ${-30 * k} Z`,
    C.white,
    `stroke="${C.slate3}" stroke-width="${2 * k}"`,
  )
  s += rect(14 * k, -30 * k, 488 * k, 22 * k, C.slate3, 6 * k)
  s += rect(16 * k, -96 * k, 482 * k, 18 * k, C.teal)
  s += rect(16 * k, -78 * k, 482 * k, 6 * k, C.amber)
  // windows
  for (let i = 0; i < 4; i++) s += rect((34 + i * 86) * k, -H + 16 * k, 74 * k, 58 * k, '#1e3a5f', 6 * k)
  s += path(
    `M${386 * k} ${-H + 16 * k} L${416 * k} ${-H + 16 * k} Q${426 * k} ${-H + 20 * k} ${436 * k} ${-H + 40 * k} L${462 * k} ${-H + 74 * k} L${386 * k} ${-H + 74 * k}Z`,
    '#1e3a5f',
  )
  for (let i = 0; i < 4; i++)
    s += path(
      `M${(40 + i * 86) * k} ${-H + 70 * k} L${(70 + i * 86) * k} ${-H + 20 * k} L${(84 + i * 86) * k} ${-H + 20 * k} L${(54 + i * 86) * k} ${-H + 70 * k}Z`,
      C.white,
      'opacity="0.12"',
    )
  // sliding door line + handle
  s += line(296 * k, -H + 78 * k, 296 * k, -32 * k, C.slate3, 2 * k)
  s += rect(270 * k, -110 * k, 16 * k, 5 * k, C.slate5, 2)
  // lights
  s += rect(488 * k, -70 * k, 12 * k, 16 * k, '#fde68a', 3) + rect(12 * k, -70 * k, 8 * k, 18 * k, C.rose, 3)
  // wheels
  for (const wx of [100, 400]) {
    s += circle(wx * k, -12 * k, 40 * k, '#0b1220')
    s += circle(wx * k, -12 * k, 20 * k, C.slate3)
    s += circle(wx * k, -12 * k, 7 * k, C.slate5)
  }
  // roof antenna (GPS)
  s += rect(200 * k, -H - 10 * k, 30 * k, 10 * k, C.navy, 4)
  return s
}
// POS terminal on a swivel stand; base-centre at origin.
export function posTerminal(s1) {
  const k = s1
  let s = ellipse(0, 0, 60 * k, 10 * k, C.slate)
  s += rect(-10 * k, -70 * k, 20 * k, 70 * k, C.slate5)
  s += `<g transform="rotate(-8 0 ${-70 * k})">`
  s += rect(-90 * k, -190 * k, 180 * k, 124 * k, C.navy, 10 * k)
  s += `<svg x="${-82 * k}" y="${-182 * k}" width="${164 * k}" height="${108 * k}" viewBox="0 0 164 108">`
  s += rect(0, 0, 164, 108, C.white)
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 4; c++)
      s += rect(6 + c * 39, 8 + r * 30, 34, 24, [C.skyL, C.tealL, C.amberL][(r + c) % 3], 4)
  s += rect(120, 8, 38, 84, C.blue, 4)
  s += '</svg></g>'
  return s
}
export function cardReader(k) {
  let s = rect(-22 * k, -72 * k, 44 * k, 72 * k, '#1e293b', 8 * k)
  s += rect(-16 * k, -64 * k, 32 * k, 20 * k, C.teal, 3)
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      s += rect((-15 + c * 11) * k, (-38 + r * 11) * k, 8 * k, 7 * k, '#64748b', 1.5)
  return s
}
export function receiptPrinter(k) {
  let s = rect(-30 * k, -40 * k, 60 * k, 40 * k, C.slate, 8 * k)
  s += path(
    `M${-18 * k} ${-40 * k} L${-18 * k} ${-80 * k} L${18 * k} ${-78 * k} L${18 * k} ${-40 * k}Z`,
    C.white,
  )
  for (let i = 0; i < 3; i++) s += rect(-12 * k, (-72 + i * 9) * k, (16 + (i % 2) * 8) * k, 3 * k, C.slate3)
  return s
}
export function building(w, h, rng, colour = '#cbd5e1', glass = '#93c5fd') {
  let s = rect(0, -h, w, h, colour)
  const cols = Math.max(2, Math.floor(w / 36))
  const rows = Math.floor((h - 30) / 34)
  const cw = (w - 20) / cols
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      s += rect(10 + c * cw + 3, -h + 16 + r * 34, cw - 6, 22, rng.next() < 0.25 ? '#fde68a' : glass, 2)
  return s
}
export function storefront(w, h, awning) {
  let s = rect(0, -h, w, h, C.white)
  s += rect(-6, -h - 14, w + 12, 18, C.slate, 3)
  const stripes = 6
  for (let i = 0; i < stripes; i++)
    s += path(
      `M${(i * w) / stripes} ${-h + 4} h${w / stripes} l-6 34 h${-w / stripes + 12}Z`,
      i % 2 ? awning : C.white,
    )
  s += rect(w * 0.08, -h * 0.55, w * 0.5, h * 0.45, '#7dd3fc', 3)
  s += rect(w * 0.66, -h * 0.62, w * 0.26, h * 0.62, C.slate5, 3)
  return s
}
export function mountain(W, baseY, h) {
  // flat-topped massif (Table Mountain cue)
  return path(
    `M0 ${baseY} L${W * 0.12} ${baseY - h * 0.55} L${W * 0.22} ${baseY - h * 0.95} L${W * 0.62} ${baseY - h} L${W * 0.72} ${baseY - h * 0.7} L${W * 0.86} ${baseY - h * 0.82} L${W} ${baseY - h * 0.4} L${W} ${baseY}Z`,
    '#94a3b8',
    'opacity="0.55"',
  )
}
