import { C } from '../palette.mjs'
import { screenFns } from '../screens.mjs'
import { circle, n, path, rect, stroke } from '../svg.mjs'

// Props are drawn at the origin; place them with at().

// Monitor: bezel top-left at origin, stand below.
export function monitor(w, h, rng, kind = 'dash', o = {}) {
  const b = Math.max(4, w * 0.035)
  let s = ''
  if (o.stand !== false) {
    s += rect(w * 0.45, h, w * 0.1, h * 0.22, C.slate)
    s += rect(w * 0.3, h * 1.2, w * 0.4, h * 0.05, C.slate, 3)
  }
  s += rect(0, 0, w, h, C.navy, Math.max(3, w * 0.02))
  s += `<svg x="${n(b)}" y="${n(b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" viewBox="0 0 ${n(w - 2 * b)} ${n(h - 2 * b)}" overflow="hidden">${screenFns[kind](w - 2 * b, h - 2 * b, rng)}</svg>`
  return s
}
export function laptop(w, rng, kind = 'dash') {
  const h = w * 0.62
  const b = w * 0.04
  let s = rect(0, 0, w, h, C.navy, 6)
  s += `<svg x="${n(b)}" y="${n(b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" viewBox="0 0 ${n(w - 2 * b)} ${n(h - 2 * b)}" overflow="hidden">${screenFns[kind](w - 2 * b, h - 2 * b, rng)}</svg>`
  s += path(`M${-w * 0.08} ${h} H${w * 1.08} L${w * 1.02} ${h + w * 0.05} H${-w * 0.02}Z`, C.slate3)
  s += rect(w * 0.42, h, w * 0.16, w * 0.015, C.slate5)
  return s
}
export function desk(w, h = 150, top = C.wood, side = C.woodD) {
  let s = rect(0, 0, w, 16, top, 4)
  s += rect(6, 16, w - 12, 8, side)
  s += rect(14, 24, 12, h - 24, C.slate5)
  s += rect(w - 26, 24, 12, h - 24, C.slate5)
  return s
}
export function chairBack(w, colour = C.slate) {
  let s = rect(w * 0.47, w * 1.05, w * 0.06, w * 0.45, C.slate5)
  s += rect(w * 0.2, w * 1.45, w * 0.6, w * 0.06, C.slate5, 3)
  s += rect(0, 0, w, w * 1.1, colour, w * 0.2)
  return s
}
export function tablet(w, h, rng, kind = 'map') {
  let s = rect(0, 0, w, h, C.navy, w * 0.06)
  const b = w * 0.05
  s += `<svg x="${n(b)}" y="${n(b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" viewBox="0 0 ${n(w - 2 * b)} ${n(h - 2 * b)}" overflow="hidden">${screenFns[kind](w - 2 * b, h - 2 * b, rng)}</svg>`
  return s
}
export function phone(w, rng, kind = 'map') {
  return tablet(w, w * 1.9, rng, kind)
}
export function deskPhone(k) {
  let s = path(`M${-70 * k} 0 L${-60 * k} ${-60 * k} L${60 * k} ${-60 * k} L${70 * k} 0Z`, '#1e293b')
  s += rect(-40 * k, -54 * k, 56 * k, 30 * k, C.sky, 3)
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) s += rect((-40 + c * 20) * k, (-18 + r * 6) * k, 14 * k, 4 * k, '#64748b', 1)
  s += rect(26 * k, -54 * k, 30 * k, 50 * k, '#334155', 4)
  // handset
  s += rect(-72 * k, -82 * k, 16 * k, 70 * k, C.navy, 7 * k)
  s += stroke(
    `M${-64 * k} ${-12 * k} q${-10 * k} ${14 * k} ${4 * k} ${16 * k} q${10 * k} 2 ${6 * k} ${12 * k}`,
    C.navy,
    2.5 * k,
  )
  return s
}
export function headset(k, colour = C.navy) {
  let s = stroke(`M${-40 * k} 0 A${40 * k} ${40 * k} 0 0 1 ${40 * k} 0`, colour, 9 * k)
  s +=
    rect(-52 * k, -8 * k, 22 * k, 36 * k, colour, 8 * k) + rect(30 * k, -8 * k, 22 * k, 36 * k, colour, 8 * k)
  s += stroke(`M${-42 * k} ${24 * k} Q${-40 * k} ${50 * k} ${-6 * k} ${52 * k}`, colour, 5 * k)
  s += circle(-4 * k, 52 * k, 6 * k, C.teal)
  return s
}
export function interactiveBoard(w, h, rng, kind = 'lesson') {
  let s = rect(-12, -12, w + 24, h + 24, '#1e293b', 12)
  s += `<svg x="0" y="0" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" overflow="hidden">${screenFns[kind](w, h, rng)}</svg>`
  s += rect(w * 0.47, h + 12, w * 0.06, 8, C.slate5)
  return s
}
export function oldTower(k) {
  let s = rect(0, -200 * k, 90 * k, 200 * k, '#e7e0cf', 4)
  s +=
    rect(10 * k, -186 * k, 70 * k, 14 * k, '#cfc6ae', 2) +
    rect(10 * k, -166 * k, 70 * k, 14 * k, '#cfc6ae', 2)
  s += circle(45 * k, -60 * k, 8 * k, '#cfc6ae')
  return s
}
export function crtMonitor(k) {
  let s = rect(0, -170 * k, 200 * k, 150 * k, '#e7e0cf', 12 * k)
  s += rect(20 * k, -152 * k, 160 * k, 112 * k, '#475569', 10 * k)
  s += path(`M${60 * k} ${-20 * k} L${140 * k} ${-20 * k} L${160 * k} 0 L${40 * k} 0Z`, '#d6cfbd')
  return s
}
