import { C } from './palette.mjs'
import { personBust } from './props/people.mjs'
import { pin } from './props/symbols.mjs'
import { circle, line, n, path, rect, stroke } from './svg.mjs'

// Screen contents, each drawn in a sw×sh box at the origin; devices pick one by its key in `screenFns`.

export function uiDashboard(sw, sh, rng) {
  let s = rect(0, 0, sw, sh * 0.12, C.blue)
  s += rect(0, sh * 0.12, sw * 0.22, sh * 0.88, C.slate2)
  for (let i = 0; i < 4; i++) s += rect(sw * 0.04, sh * (0.2 + i * 0.14), sw * 0.14, sh * 0.05, C.slate3, 2)
  const cw = sw * 0.22
  for (let i = 0; i < 3; i++) {
    s += rect(sw * 0.26 + i * (cw + sw * 0.02), sh * 0.18, cw, sh * 0.2, C.white, 3)
    s += rect(
      sw * 0.28 + i * (cw + sw * 0.02),
      sh * 0.24,
      cw * 0.5,
      sh * 0.05,
      [C.teal, C.sky, C.amber][i],
      2,
    )
  }
  const bars = 7
  const bw = (sw * 0.68) / bars
  for (let i = 0; i < bars; i++) {
    const bh = sh * rng.range(0.12, 0.42)
    s += rect(sw * 0.27 + i * bw, sh * 0.92 - bh, bw * 0.6, bh, i % 2 ? C.sky : C.blue5, 2)
  }
  return s
}
export function uiCode(sw, sh, rng) {
  let s = rect(0, 0, sw, sh, '#1e293b')
  const rows = Math.floor((sh - 10) / 12)
  for (let i = 0; i < rows; i++) {
    const indent = rng.int(0, 3) * 10
    s += rect(
      8 + indent,
      8 + i * 12,
      rng.range(sw * 0.15, sw * 0.6),
      5,
      rng.pick([C.sky, C.teal, C.amber, C.slate5, C.blue2]),
      2,
    )
  }
  return s
}
export function uiLineChart(sw, sh, rng, colour = C.teal) {
  let s = rect(0, 0, sw, sh, C.white)
  for (let i = 1; i < 4; i++) s += line(sw * 0.06, (sh * i) / 4, sw * 0.94, (sh * i) / 4, C.slate2, 1)
  let d = ''
  const pts = 9
  for (let i = 0; i < pts; i++) {
    const x = sw * 0.06 + (i * sw * 0.88) / (pts - 1)
    const y = sh * rng.range(0.2, 0.8)
    d += `${i ? 'L' : 'M'}${n(x)} ${n(y)}`
  }
  s += stroke(d, colour, Math.max(2, sw / 80))
  return s
}
export function uiMap(sw, sh, rng) {
  let s = rect(0, 0, sw, sh, '#ecfdf5')
  s += path(
    `M0 ${sh * 0.7} Q${sw * 0.3} ${sh * 0.55} ${sw * 0.5} ${sh * 0.75} T${sw} ${sh * 0.6} V${sh} H0Z`,
    '#bae6fd',
  )
  for (let i = 0; i < 4; i++) {
    const y = sh * rng.range(0.1, 0.9)
    s += line(0, y, sw, y + rng.range(-sh * 0.2, sh * 0.2), C.white, Math.max(3, sw / 40))
  }
  for (let i = 0; i < 3; i++) {
    const x = sw * rng.range(0.1, 0.9)
    s += line(x, 0, x + rng.range(-sw * 0.1, sw * 0.1), sh, C.white, Math.max(3, sw / 40))
  }
  const rx = sw * 0.2
  const ry = sh * 0.75
  const tx = sw * 0.75
  const ty = sh * 0.25
  s += stroke(
    `M${rx} ${ry} Q${sw * 0.3} ${sh * 0.3} ${tx} ${ty}`,
    C.blue5,
    Math.max(3, sw / 50),
    'stroke-dasharray="1 0"',
  )
  s += circle(rx, ry, sw / 30, C.blue)
  s += pin(tx, ty, sw / 14, C.rose)
  return s
}
export function uiCctvGrid(sw, sh, rng) {
  let s = rect(0, 0, sw, sh, C.navy)
  const gw = sw / 2
  const gh = sh / 2
  for (let i = 0; i < 4; i++) {
    const x = (i % 2) * gw
    const y = Math.floor(i / 2) * gh
    s += rect(x + 2, y + 2, gw - 4, gh - 4, rng.pick(['#1e3a5f', '#334155', '#1e293b', '#164e63']))
    // simple scene in each feed: ground + building/person silhouette
    s += rect(x + 2, y + gh * 0.65, gw - 4, gh * 0.35 - 2, '#0b3b2e')
    if (i % 2) s += rect(x + gw * 0.2, y + gh * 0.3, gw * 0.5, gh * 0.35, '#475569')
    else {
      s += circle(x + gw * 0.5, y + gh * 0.38, gh * 0.08, '#94a3b8')
      s += rect(x + gw * 0.43, y + gh * 0.46, gw * 0.14, gh * 0.25, '#94a3b8', 3)
    }
    s += circle(x + gw - 10, y + 10, 3, C.rose)
  }
  return s
}
export function uiVideoCall(sw, sh, rng) {
  let s = rect(0, 0, sw, sh, '#1e293b')
  s += rect(sw * 0.03, sh * 0.05, sw * 0.64, sh * 0.72, '#334155', 4)
  s += personBust(sw * 0.35, sh * 0.77, sh * 0.5, rng)
  for (let i = 0; i < 3; i++) {
    s += rect(sw * 0.7, sh * (0.05 + i * 0.245), sw * 0.27, sh * 0.22, '#475569', 4)
    s += personBust(sw * 0.835, sh * (0.27 + i * 0.245), sh * 0.16, rng)
  }
  // playback bar
  s += rect(sw * 0.03, sh * 0.84, sw * 0.94, sh * 0.03, C.slate5, 2)
  s += rect(sw * 0.03, sh * 0.84, sw * 0.55, sh * 0.03, C.sky, 2)
  s += circle(sw * 0.58, sh * 0.855, sh * 0.035, C.white)
  return s
}
export function uiLesson(sw, sh, rng) {
  let s = rect(0, 0, sw, sh, C.white)
  s += rect(0, 0, sw, sh * 0.1, C.teal)
  // globe
  const gx = sw * 0.28
  const gy = sh * 0.52
  const gr = sh * 0.28
  s += circle(gx, gy, gr, '#bae6fd')
  s += path(
    `M${gx - gr * 0.6} ${gy - gr * 0.4} q${gr * 0.4} -${gr * 0.3} ${gr * 0.7} ${gr * 0.1} q-${gr * 0.1} ${gr * 0.5} -${gr * 0.5} ${gr * 0.6}z`,
    C.green,
  )
  s += path(
    `M${gx + gr * 0.2} ${gy + gr * 0.1} q${gr * 0.5} -${gr * 0.1} ${gr * 0.6} ${gr * 0.3} q-${gr * 0.2} ${gr * 0.4} -${gr * 0.5} ${gr * 0.3}z`,
    C.green,
  )
  s += circle(gx, gy, gr, 'none', `stroke="${C.blue}" stroke-width="3"`)
  // chart
  for (let i = 0; i < 4; i++) {
    const bh = sh * rng.range(0.15, 0.5)
    s += rect(sw * (0.58 + i * 0.09), sh * 0.82 - bh, sw * 0.06, bh, [C.sky, C.teal, C.amber, C.blue5][i], 2)
  }
  s += line(sw * 0.56, sh * 0.82, sw * 0.94, sh * 0.82, C.slate5, 2)
  return s
}
export const screenFns = {
  dash: uiDashboard,
  code: uiCode,
  chart: uiLineChart,
  map: uiMap,
  cctv: uiCctvGrid,
  call: uiVideoCall,
  lesson: uiLesson,
}
