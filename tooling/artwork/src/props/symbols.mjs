import { C } from '../palette.mjs'
import { circle, line, n, path, rect, stroke } from '../svg.mjs'

// Props are drawn at the origin; place them with at().

export function pin(x, y, r, colour) {
  return `${path(`M${n(x)} ${n(y + r * 1.6)} C${n(x - r * 1.2)} ${n(y + r * 0.3)} ${n(x - r)} ${n(y - r)} ${n(x)} ${n(y - r)} C${n(x + r)} ${n(y - r)} ${n(x + r * 1.2)} ${n(y + r * 0.3)} ${n(x)} ${n(y + r * 1.6)}Z`, colour)}${circle(x, y, r * 0.4, C.white)}`
}
export function shield(h, colour = C.blue, inner = 'check') {
  const w = h * 0.8
  let s = path(
    `M0 ${-h / 2} L${w / 2} ${-h * 0.36} Q${w / 2} ${h * 0.2} 0 ${h / 2} Q${-w / 2} ${h * 0.2} ${-w / 2} ${-h * 0.36}Z`,
    colour,
  )
  s += path(
    `M0 ${-h * 0.38} L${w * 0.36} ${-h * 0.27} Q${w * 0.36} ${h * 0.14} 0 ${h * 0.38}Z`,
    C.white,
    'opacity="0.15"',
  )
  if (inner === 'check')
    s += stroke(`M${-h * 0.16} 0 L${-h * 0.04} ${h * 0.12} L${h * 0.18} ${-h * 0.12}`, C.white, h * 0.07)
  if (inner === 'lock') s += padlock(h * 0.42, C.white, colour)
  return s
}
export function padlock(h, body = C.amber, hole = C.navy) {
  let s = stroke(
    `M${-h * 0.26} ${-h * 0.1} V${-h * 0.3} A${h * 0.26} ${h * 0.26} 0 0 1 ${h * 0.26} ${-h * 0.3} V${-h * 0.1}`,
    body,
    h * 0.1,
  )
  s += rect(-h * 0.4, -h * 0.12, h * 0.8, h * 0.62, body, h * 0.08)
  s += circle(0, h * 0.12, h * 0.08, hole) + rect(-h * 0.03, h * 0.14, h * 0.06, h * 0.16, hole)
  return s
}
export function cloud(w, colour = C.white, extra = '') {
  const h = w * 0.5
  return path(
    `M${-w * 0.35} ${h * 0.3} A${w * 0.17} ${w * 0.17} 0 0 1 ${-w * 0.28} ${-h * 0.1} A${w * 0.22} ${w * 0.22} 0 0 1 ${w * 0.12} ${-h * 0.35} A${w * 0.18} ${w * 0.18} 0 0 1 ${w * 0.4} ${h * 0.02} A${w * 0.15} ${w * 0.15} 0 0 1 ${w * 0.36} ${h * 0.3}Z`,
    colour,
    extra,
  )
}
export function warning(h, colour = C.amber) {
  let s = path(
    `M0 ${-h / 2} L${h * 0.58} ${h / 2} L${-h * 0.58} ${h / 2}Z`,
    colour,
    `stroke="${colour}" stroke-width="${h * 0.08}" stroke-linejoin="round"`,
  )
  s += rect(-h * 0.05, -h * 0.16, h * 0.1, h * 0.38, C.navy, h * 0.04) + circle(0, h * 0.34, h * 0.06, C.navy)
  return s
}
export function checkBadge(r, colour = C.teal) {
  return (
    circle(0, 0, r, colour) +
    stroke(`M${-r * 0.4} 0 L${-r * 0.1} ${r * 0.3} L${r * 0.45} ${-r * 0.3}`, C.white, r * 0.18)
  )
}
export function hourglass(k, colour = C.amber) {
  let s = rect(-30 * k, -50 * k, 60 * k, 8 * k, C.slate, 3) + rect(-30 * k, 42 * k, 60 * k, 8 * k, C.slate, 3)
  s += path(
    `M${-24 * k} ${-42 * k} L${24 * k} ${-42 * k} L0 0 L${24 * k} ${42 * k} L${-24 * k} ${42 * k} L0 0Z`,
    C.white,
    `stroke="${C.slate}" stroke-width="${3 * k}"`,
  )
  s +=
    path(`M${-14 * k} ${-30 * k} L${14 * k} ${-30 * k} L0 ${-4 * k}Z`, colour) +
    path(`M0 ${18 * k} L${20 * k} ${40 * k} L${-20 * k} ${40 * k}Z`, colour)
  return s
}
export function gauge(r, value, colour = C.teal) {
  const a = Math.PI * (1 - value)
  let s = stroke(`M${-r} 0 A${r} ${r} 0 0 1 ${r} 0`, C.slate2, r * 0.18)
  s += stroke(`M${-r} 0 A${r} ${r} 0 0 1 ${n(r * Math.cos(a))} ${n(-r * Math.sin(a))}`, colour, r * 0.18)
  s +=
    line(0, 0, r * 0.7 * Math.cos(a), -r * 0.7 * Math.sin(a), C.navy, r * 0.07) +
    circle(0, 0, r * 0.1, C.navy)
  return s
}
export function card(w, h, fill = C.white) {
  return rect(4, 8, w, h, C.navy, 18, 'opacity="0.06"') + rect(0, 0, w, h, fill, 18)
}
