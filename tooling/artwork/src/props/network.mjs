import { C } from '../palette.mjs'
import { at, circle, ellipse, line, n, path, rect, stroke } from '../svg.mjs'

// Props are drawn at the origin; place them with at().

export function rackUnit(kind, w, uh, rng) {
  let s = ''
  if (kind === 'patch') {
    s += rect(0, 0, w, uh, '#d1d5db', 2)
    const ports = Math.floor((w - 20) / 14)
    for (let i = 0; i < ports; i++) s += rect(10 + i * 14, uh * 0.3, 9, uh * 0.4, C.navy, 1)
  } else if (kind === 'switch') {
    s += rect(0, 0, w, uh, '#1e293b', 2)
    const ports = Math.floor((w - 50) / 14)
    for (let i = 0; i < ports; i++) {
      s += rect(10 + i * 14, uh * 0.3, 9, uh * 0.4, '#475569', 1)
      if (rng.next() < 0.7) s += rect(11 + i * 14, uh * 0.18, 3, 2.5, rng.next() < 0.8 ? C.green : C.amber)
    }
    s += circle(w - 22, uh / 2, 3, C.sky) + circle(w - 12, uh / 2, 3, C.green)
  } else if (kind === 'server') {
    s += rect(0, 0, w, uh * 2, '#334155', 3)
    for (let i = 0; i < 6; i++)
      s += rect(10 + i * ((w * 0.6) / 6), uh * 0.4, (w * 0.6) / 6 - 4, uh * 1.2, '#475569', 2)
    s +=
      circle(w - 24, uh * 0.7, 3.5, C.green) +
      circle(w - 24, uh * 1.3, 3.5, rng.next() < 0.5 ? C.sky : C.green)
    s += rect(w - 14, uh * 0.4, 6, uh * 1.2, '#64748b', 2)
  } else if (kind === 'manager') {
    s += rect(0, 0, w, uh, '#111827', 2)
    for (let i = 0; i < 8; i++) s += rect(12 + (i * (w - 24)) / 8, 3, (w - 24) / 8 - 6, uh - 6, '#1f2937', 2)
  } else if (kind === 'ups') {
    s += rect(0, 0, w, uh * 2, '#1f2937', 3)
    s += rect(w * 0.1, uh * 0.5, w * 0.2, uh, C.sky, 2)
    s += circle(w * 0.8, uh, 5, C.green)
  }
  return s
}
// Rack cabinet with a column of units and patch cables; top-left at origin.
export function rack(w, h, rng, o = {}) {
  const uh = o.uh ?? 20
  const pad = 14
  let s = rect(0, 0, w, h, C.navy, 6)
  s += rect(pad, pad, w - 2 * pad, h - 2 * pad, '#020617')
  s += rect(pad + 2, pad, 6, h - 2 * pad, '#475569') + rect(w - pad - 8, pad, 6, h - 2 * pad, '#475569')
  const iw = w - 2 * pad - 20
  let y = pad + 8
  const seq = o.seq ?? ['patch', 'switch', 'manager', 'patch', 'switch', 'manager', 'server', 'server', 'ups']
  const patchRows = []
  const switchRows = []
  let i = 0
  while (y + uh < h - pad - 6) {
    const kind = seq[i % seq.length]
    const tall = kind === 'server' || kind === 'ups'
    if (tall && y + uh * 2 > h - pad - 6) break
    s += at(pad + 10, y, rackUnit(kind, iw, uh, rng))
    if (kind === 'patch') patchRows.push(y)
    if (kind === 'switch') switchRows.push(y)
    y += (tall ? uh * 2 : uh) + 3
    i++
  }
  if (o.cables !== false) {
    const colours = o.cableColours ?? [C.blue5, C.sky, C.teal, C.amber, '#facc15', C.blue5]
    for (let r = 0; r < Math.min(patchRows.length, switchRows.length); r++) {
      const py = patchRows[r] + uh / 2
      const sy = switchRows[r] + uh / 2
      const ports = Math.floor((iw - 50) / 14)
      for (let p = 0; p < ports; p += rng.int(1, 2)) {
        const x1 = pad + 10 + 14 + p * 14
        const x2 = x1 + rng.range(-6, 6)
        const sag = rng.range(10, 24)
        s += stroke(
          `M${n(x1)} ${n(py)} C${n(x1)} ${n(py + sag)} ${n(x2)} ${n(sy - sag)} ${n(x2)} ${n(sy)}`,
          rng.pick(colours),
          3.2,
        )
      }
    }
  }
  if (o.door)
    s += rect(0, 0, w, h, C.sky, 6, 'opacity="0.1"') + rect(w - 12, h * 0.45, 5, h * 0.1, C.slate5, 2)
  return s
}
export function wifiArcs(x, y, r, colour = C.sky, count = 3, sw = 6, opacity = 1) {
  let s = ''
  for (let i = 1; i <= count; i++) {
    const rr = (r * i) / count
    s += stroke(
      `M${n(x - rr * 0.7)} ${n(y - rr * 0.7)} A${n(rr)} ${n(rr)} 0 0 1 ${n(x + rr * 0.7)} ${n(y - rr * 0.7)}`,
      colour,
      sw,
      `opacity="${opacity}"`,
    )
  }
  return s + circle(x, y, sw * 0.9, colour, `opacity="${opacity}"`)
}
export function accessPoint(r = 30) {
  let s = ellipse(0, 0, r, r * 0.32, C.white, `stroke="${C.slate3}" stroke-width="2"`)
  s += ellipse(0, -r * 0.05, r * 0.9, r * 0.22, '#f8fafc')
  s += circle(0, 0, r * 0.08, C.teal)
  return s
}
// Wall-mounted bullet camera, mount at origin; facing right unless flip.
export function cctv(scale = 1, flip = false, cone = true) {
  const k = scale
  let s = rect(-6 * k, -14 * k, 12 * k, 28 * k, C.slate3, 3)
  s += rect(0, -4 * k, 22 * k, 8 * k, C.slate5)
  s += `<g transform="rotate(18 ${22 * k} 0)">`
  s += rect(16 * k, -14 * k, 62 * k, 26 * k, C.white, 8 * k, `stroke="${C.slate3}" stroke-width="${2 * k}"`)
  s += rect(10 * k, -18 * k, 70 * k, 8 * k, C.slate2, 4 * k)
  s += circle(74 * k, -1 * k, 9 * k, C.navy) + circle(74 * k, -1 * k, 4 * k, C.blue5)
  s += circle(30 * k, -1 * k, 2.5 * k, C.rose)
  if (cone)
    s += path(`M${82 * k} ${-1 * k} L${260 * k} ${-60 * k} L${260 * k} ${70 * k}Z`, C.sky, 'opacity="0.16"')
  s += '</g>'
  return flip ? `<g transform="scale(-1 1)">${s}</g>` : s
}
export function domeCam(r = 24) {
  let s = rect(-r * 1.1, -r * 0.25, r * 2.2, r * 0.3, C.slate3, 4)
  s += path(`M${-r} 0 A${r} ${r} 0 0 0 ${r} 0Z`, '#1e293b')
  s += circle(r * 0.2, r * 0.45, r * 0.22, C.blue5)
  return s
}
export function cardboardBox(w, h) {
  let s = rect(0, -h, w, h, C.box, 3)
  s += rect(0, -h, w, h * 0.14, C.boxD, 3)
  s += rect(w * 0.45, -h, w * 0.1, h * 0.5, '#e9c896')
  s += rect(w * 0.12, -h * 0.45, w * 0.28, h * 0.2, C.white, 2)
  s += rect(w * 0.15, -h * 0.4, w * 0.18, 3, C.slate5)
  s += rect(w * 0.15, -h * 0.33, w * 0.12, 3, C.slate5)
  return s
}
export function toolbox(k) {
  let s = rect(-60 * k, -50 * k, 120 * k, 50 * k, C.rose, 6 * k)
  s += rect(-60 * k, -50 * k, 120 * k, 12 * k, '#be123c', 6 * k)
  s += stroke(`M${-24 * k} ${-50 * k} V${-66 * k} H${24 * k} V${-50 * k}`, C.slate, 6 * k)
  s += rect(-8 * k, -40 * k, 16 * k, 8 * k, C.slate3, 2)
  return s
}
export function node(r, colour) {
  return circle(0, 0, r, colour) + circle(0, 0, r * 0.45, C.white, 'opacity="0.5"')
}
export function dashed(d, colour, w = 4) {
  return stroke(d, colour, w, `stroke-dasharray="${w * 2.5} ${w * 2}"`)
}
export function chip(s1) {
  const k = s1
  let s = ''
  for (let i = 0; i < 5; i++) {
    const o = (-60 + i * 30) * k
    s += line(o, -110 * k, o, -80 * k, C.slate5, 6 * k) + line(o, 80 * k, o, 110 * k, C.slate5, 6 * k)
    s += line(-110 * k, o, -80 * k, o, C.slate5, 6 * k) + line(80 * k, o, 110 * k, o, C.slate5, 6 * k)
  }
  s += rect(-85 * k, -85 * k, 170 * k, 170 * k, C.navy, 14 * k)
  s += rect(-55 * k, -55 * k, 110 * k, 110 * k, C.blue, 10 * k)
  return s
}
export function ladder(h) {
  let s = line(0, 0, 30, -h, '#94a3b8', 8) + line(60, 0, 90, -h, '#94a3b8', 8)
  for (let i = 1; i < 8; i++)
    s += line((30 * i) / 8, (-h * i) / 8, 60 + (30 * i) / 8, (-h * i) / 8, '#94a3b8', 6)
  return s
}
export function wallPlate(k = 1) {
  return (
    rect(-16 * k, -22 * k, 32 * k, 44 * k, C.white, 4, `stroke="${C.slate3}" stroke-width="2"`) +
    rect(-8 * k, -14 * k, 16 * k, 11 * k, C.navy, 2) +
    rect(-8 * k, 3 * k, 16 * k, 11 * k, C.navy, 2)
  )
}
