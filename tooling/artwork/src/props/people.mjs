import { C, HAIR, SHIRT, SKIN } from '../palette.mjs'
import { circle, n, path, rect, stroke } from '../svg.mjs'

// Props are drawn at the origin; place them with at().

// Seated person seen from behind: head + shoulders, bottom-centre at origin.
export function personBack(scale, rng) {
  const skin = rng.pick(SKIN)
  const hair = rng.pick(HAIR)
  const shirt = rng.pick(SHIRT)
  let s = path(
    `M${-40 * scale} 0 Q${-40 * scale} ${-60 * scale} 0 ${-62 * scale} Q${40 * scale} ${-60 * scale} ${40 * scale} 0Z`,
    shirt,
  )
  s += rect(-8 * scale, -72 * scale, 16 * scale, 14 * scale, skin)
  s += circle(0, -88 * scale, 22 * scale, skin)
  s += path(
    `M${-22 * scale} ${-88 * scale} A${22 * scale} ${22 * scale} 0 0 1 ${22 * scale} ${-88 * scale} Q${24 * scale} ${-72 * scale} ${14 * scale} ${-70 * scale} Q0 ${-66 * scale} ${-14 * scale} ${-70 * scale} Q${-24 * scale} ${-72 * scale} ${-22 * scale} ${-88 * scale}Z`,
    hair,
  )
  return s
}
// Head-and-shoulders bust facing the viewer, bottom-centre at (x,y), total height h.
export function personBust(x, y, h, rng) {
  const skin = rng.pick(SKIN)
  const shirt = rng.pick(SHIRT)
  const k = h / 100
  let s = path(
    `M${n(x - 42 * k)} ${n(y)} Q${n(x - 42 * k)} ${n(y - 42 * k)} ${n(x)} ${n(y - 44 * k)} Q${n(x + 42 * k)} ${n(y - 42 * k)} ${n(x + 42 * k)} ${n(y)}Z`,
    shirt,
  )
  s += circle(x, y - 66 * k, 22 * k, skin)
  s += path(
    `M${n(x - 23 * k)} ${n(y - 66 * k)} A${n(23 * k)} ${n(23 * k)} 0 0 1 ${n(x + 23 * k)} ${n(y - 66 * k)} Q${n(x + 14 * k)} ${n(y - 80 * k)} ${n(x - 23 * k)} ${n(y - 66 * k)}Z`,
    rng.pick(HAIR),
  )
  return s
}
// Standing person, feet at origin, ~ 260*scale tall.
export function personStanding(scale, rng, o = {}) {
  const skin = o.skin ?? rng.pick(SKIN)
  const shirt = o.shirt ?? rng.pick(SHIRT)
  const trousers = o.trousers ?? C.navy
  const k = scale
  let s = ''
  s += rect(-22 * k, -120 * k, 18 * k, 120 * k, trousers, 6 * k)
  s += rect(4 * k, -120 * k, 18 * k, 120 * k, trousers, 6 * k)
  s += rect(-26 * k, -6 * k, 26 * k, 8 * k, C.navy, 3)
  s += rect(2 * k, -6 * k, 26 * k, 8 * k, C.navy, 3)
  s += rect(-30 * k, -212 * k, 60 * k, 100 * k, shirt, 18 * k)
  if (o.vest)
    s +=
      rect(-30 * k, -200 * k, 60 * k, 80 * k, C.amber, 10 * k) +
      rect(-30 * k, -172 * k, 60 * k, 8 * k, '#fde68a')
  // arms
  const armL = o.reach ? `rotate(110 ${-26 * k} ${-200 * k})` : 'rotate(8)'
  s += `<g transform="${armL}">${rect(-42 * k, -204 * k, 14 * k, 80 * k, shirt, 7 * k)}${circle(-35 * k, -120 * k, 8 * k, skin)}</g>`
  s += rect(28 * k, -204 * k, 14 * k, 80 * k, shirt, 7 * k) + circle(35 * k, -120 * k, 8 * k, skin)
  s += rect(-7 * k, -226 * k, 14 * k, 16 * k, skin)
  s += circle(0, -244 * k, 22 * k, skin)
  s += path(
    `M${-23 * k} ${-244 * k} A${23 * k} ${23 * k} 0 0 1 ${23 * k} ${-244 * k} Q${10 * k} ${-256 * k} ${-23 * k} ${-244 * k}Z`,
    o.hair ?? rng.pick(HAIR),
  )
  if (o.headset)
    s +=
      stroke(`M${-24 * k} ${-242 * k} A${25 * k} ${25 * k} 0 0 1 ${24 * k} ${-242 * k}`, C.navy, 4 * k) +
      rect(-28 * k, -248 * k, 8 * k, 14 * k, C.navy, 3)
  return s
}
