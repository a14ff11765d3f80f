// Generates the seed artwork: flat vector scenes written as SVG, rendered to WebP with sharp.
// Deterministic: every scene draws from a PRNG seeded by its file name, so a re-run
// reproduces the same pictures. Run: node studio/seed/artwork/generate.mjs
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const here = dirname(fileURLToPath(import.meta.url))

const C = {
  navy: '#0f172a',
  slate: '#334155',
  slate5: '#64748b',
  slate3: '#cbd5e1',
  slate2: '#e2e8f0',
  slate1: '#f1f5f9',
  white: '#ffffff',
  blue: '#1d4ed8',
  blue5: '#3b82f6',
  blue2: '#bfdbfe',
  sky: '#38bdf8',
  skyL: '#e0f2fe',
  teal: '#14b8a6',
  tealD: '#0f766e',
  tealL: '#ccfbf1',
  amber: '#f59e0b',
  amberL: '#fef3c7',
  rose: '#f43f5e',
  green: '#22c55e',
  wood: '#d9b98c',
  woodD: '#b8925f',
  box: '#d6a66b',
  boxD: '#b7844a',
}
const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#5c3a21', '#a0663a']
const HAIR = ['#1f130b', '#2b1a10', '#3b2a20', '#111827']
const SHIRT = [C.blue, C.teal, C.amber, C.sky, C.slate, C.tealD, '#6366f1']

// mulberry32 seeded by a string hash
function seeded(name) {
  let h = 1779033703
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353)
  let a = h >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (lo, hi) => lo + next() * (hi - lo),
    int: (lo, hi) => Math.floor(lo + next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
  }
}

// ---------- primitives ----------
const n = (v) => Math.round(v * 10) / 10
const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}" ${extra}/>`
const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`
const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`
const stroke = (d, color, w, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`
const line = (x1, y1, x2, y2, color, w, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${color}" stroke-width="${w}" stroke-linecap="round" ${extra}/>`
const at = (x, y, content, s = 1) =>
  `<g transform="translate(${n(x)} ${n(y)})${s === 1 ? '' : ` scale(${s})`}">${content}</g>`

function svgDoc(W, H, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`
}

// Light backdrop: soft gradient, a few translucent blobs, an optional floor band.
function backdrop(W, H, rng, o = {}) {
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

// ---------- screen contents (drawn in a sw×sh box at the origin) ----------
function uiDashboard(sw, sh, rng) {
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
function uiCode(sw, sh, rng) {
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
function uiLineChart(sw, sh, rng, colour = C.teal) {
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
function uiMap(sw, sh, rng) {
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
function uiCctvGrid(sw, sh, rng) {
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
function uiVideoCall(sw, sh, rng) {
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
function uiLesson(sw, sh, rng) {
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
const screenFns = {
  dash: uiDashboard,
  code: uiCode,
  chart: uiLineChart,
  map: uiMap,
  cctv: uiCctvGrid,
  call: uiVideoCall,
  lesson: uiLesson,
}

// ---------- props (drawn at the origin; place with at()) ----------
function pin(x, y, r, colour) {
  return `${path(`M${n(x)} ${n(y + r * 1.6)} C${n(x - r * 1.2)} ${n(y + r * 0.3)} ${n(x - r)} ${n(y - r)} ${n(x)} ${n(y - r)} C${n(x + r)} ${n(y - r)} ${n(x + r * 1.2)} ${n(y + r * 0.3)} ${n(x)} ${n(y + r * 1.6)}Z`, colour)}${circle(x, y, r * 0.4, C.white)}`
}
// Monitor: bezel top-left at origin, stand below.
function monitor(w, h, rng, kind = 'dash', o = {}) {
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
function laptop(w, rng, kind = 'dash') {
  const h = w * 0.62
  const b = w * 0.04
  let s = rect(0, 0, w, h, C.navy, 6)
  s += `<svg x="${n(b)}" y="${n(b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" viewBox="0 0 ${n(w - 2 * b)} ${n(h - 2 * b)}" overflow="hidden">${screenFns[kind](w - 2 * b, h - 2 * b, rng)}</svg>`
  s += path(`M${-w * 0.08} ${h} H${w * 1.08} L${w * 1.02} ${h + w * 0.05} H${-w * 0.02}Z`, C.slate3)
  s += rect(w * 0.42, h, w * 0.16, w * 0.015, C.slate5)
  return s
}
function desk(w, h = 150, top = C.wood, side = C.woodD) {
  let s = rect(0, 0, w, 16, top, 4)
  s += rect(6, 16, w - 12, 8, side)
  s += rect(14, 24, 12, h - 24, C.slate5)
  s += rect(w - 26, 24, 12, h - 24, C.slate5)
  return s
}
function chairBack(w, colour = C.slate) {
  let s = rect(w * 0.47, w * 1.05, w * 0.06, w * 0.45, C.slate5)
  s += rect(w * 0.2, w * 1.45, w * 0.6, w * 0.06, C.slate5, 3)
  s += rect(0, 0, w, w * 1.1, colour, w * 0.2)
  return s
}
// Seated person seen from behind: head + shoulders, bottom-centre at origin.
function personBack(scale, rng) {
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
function personBust(x, y, h, rng) {
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
function personStanding(scale, rng, o = {}) {
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
function rackUnit(kind, w, uh, rng) {
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
function rack(w, h, rng, o = {}) {
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
function wifiArcs(x, y, r, colour = C.sky, count = 3, sw = 6, opacity = 1) {
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
function accessPoint(r = 30) {
  let s = ellipse(0, 0, r, r * 0.32, C.white, `stroke="${C.slate3}" stroke-width="2"`)
  s += ellipse(0, -r * 0.05, r * 0.9, r * 0.22, '#f8fafc')
  s += circle(0, 0, r * 0.08, C.teal)
  return s
}
// Wall-mounted bullet camera, mount at origin; facing right unless flip.
function cctv(scale = 1, flip = false, cone = true) {
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
function domeCam(r = 24) {
  let s = rect(-r * 1.1, -r * 0.25, r * 2.2, r * 0.3, C.slate3, 4)
  s += path(`M${-r} 0 A${r} ${r} 0 0 0 ${r} 0Z`, '#1e293b')
  s += circle(r * 0.2, r * 0.45, r * 0.22, C.blue5)
  return s
}
// School building, ground-left at origin (draws upwards).
function schoolBuilding(w, h, o = {}) {
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
function tree(h, colour = C.teal) {
  let s = rect(-h * 0.04, -h * 0.4, h * 0.08, h * 0.4, '#92400e')
  s += circle(0, -h * 0.62, h * 0.3, colour)
  s += circle(-h * 0.15, -h * 0.5, h * 0.2, colour)
  s += circle(h * 0.16, -h * 0.52, h * 0.22, colour)
  s += circle(-h * 0.06, -h * 0.72, h * 0.12, '#5eead4', 'opacity="0.5"')
  return s
}
function palm(h) {
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
function minibus(L) {
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
function tablet(w, h, rng, kind = 'map') {
  let s = rect(0, 0, w, h, C.navy, w * 0.06)
  const b = w * 0.05
  s += `<svg x="${n(b)}" y="${n(b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" viewBox="0 0 ${n(w - 2 * b)} ${n(h - 2 * b)}" overflow="hidden">${screenFns[kind](w - 2 * b, h - 2 * b, rng)}</svg>`
  return s
}
function phone(w, rng, kind = 'map') {
  return tablet(w, w * 1.9, rng, kind)
}
// POS terminal on a swivel stand; base-centre at origin.
function posTerminal(s1) {
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
function cardReader(k) {
  let s = rect(-22 * k, -72 * k, 44 * k, 72 * k, '#1e293b', 8 * k)
  s += rect(-16 * k, -64 * k, 32 * k, 20 * k, C.teal, 3)
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      s += rect((-15 + c * 11) * k, (-38 + r * 11) * k, 8 * k, 7 * k, '#64748b', 1.5)
  return s
}
function receiptPrinter(k) {
  let s = rect(-30 * k, -40 * k, 60 * k, 40 * k, C.slate, 8 * k)
  s += path(
    `M${-18 * k} ${-40 * k} L${-18 * k} ${-80 * k} L${18 * k} ${-78 * k} L${18 * k} ${-40 * k}Z`,
    C.white,
  )
  for (let i = 0; i < 3; i++) s += rect(-12 * k, (-72 + i * 9) * k, (16 + (i % 2) * 8) * k, 3 * k, C.slate3)
  return s
}
function cardboardBox(w, h) {
  let s = rect(0, -h, w, h, C.box, 3)
  s += rect(0, -h, w, h * 0.14, C.boxD, 3)
  s += rect(w * 0.45, -h, w * 0.1, h * 0.5, '#e9c896')
  s += rect(w * 0.12, -h * 0.45, w * 0.28, h * 0.2, C.white, 2)
  s += rect(w * 0.15, -h * 0.4, w * 0.18, 3, C.slate5)
  s += rect(w * 0.15, -h * 0.33, w * 0.12, 3, C.slate5)
  return s
}
function shield(h, colour = C.blue, inner = 'check') {
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
function padlock(h, body = C.amber, hole = C.navy) {
  let s = stroke(
    `M${-h * 0.26} ${-h * 0.1} V${-h * 0.3} A${h * 0.26} ${h * 0.26} 0 0 1 ${h * 0.26} ${-h * 0.3} V${-h * 0.1}`,
    body,
    h * 0.1,
  )
  s += rect(-h * 0.4, -h * 0.12, h * 0.8, h * 0.62, body, h * 0.08)
  s += circle(0, h * 0.12, h * 0.08, hole) + rect(-h * 0.03, h * 0.14, h * 0.06, h * 0.16, hole)
  return s
}
function cloud(w, colour = C.white, extra = '') {
  const h = w * 0.5
  return path(
    `M${-w * 0.35} ${h * 0.3} A${w * 0.17} ${w * 0.17} 0 0 1 ${-w * 0.28} ${-h * 0.1} A${w * 0.22} ${w * 0.22} 0 0 1 ${w * 0.12} ${-h * 0.35} A${w * 0.18} ${w * 0.18} 0 0 1 ${w * 0.4} ${h * 0.02} A${w * 0.15} ${w * 0.15} 0 0 1 ${w * 0.36} ${h * 0.3}Z`,
    colour,
    extra,
  )
}
function deskPhone(k) {
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
function headset(k, colour = C.navy) {
  let s = stroke(`M${-40 * k} 0 A${40 * k} ${40 * k} 0 0 1 ${40 * k} 0`, colour, 9 * k)
  s +=
    rect(-52 * k, -8 * k, 22 * k, 36 * k, colour, 8 * k) + rect(30 * k, -8 * k, 22 * k, 36 * k, colour, 8 * k)
  s += stroke(`M${-42 * k} ${24 * k} Q${-40 * k} ${50 * k} ${-6 * k} ${52 * k}`, colour, 5 * k)
  s += circle(-4 * k, 52 * k, 6 * k, C.teal)
  return s
}
function toolbox(k) {
  let s = rect(-60 * k, -50 * k, 120 * k, 50 * k, C.rose, 6 * k)
  s += rect(-60 * k, -50 * k, 120 * k, 12 * k, '#be123c', 6 * k)
  s += stroke(`M${-24 * k} ${-50 * k} V${-66 * k} H${24 * k} V${-50 * k}`, C.slate, 6 * k)
  s += rect(-8 * k, -40 * k, 16 * k, 8 * k, C.slate3, 2)
  return s
}
function warning(h, colour = C.amber) {
  let s = path(
    `M0 ${-h / 2} L${h * 0.58} ${h / 2} L${-h * 0.58} ${h / 2}Z`,
    colour,
    `stroke="${colour}" stroke-width="${h * 0.08}" stroke-linejoin="round"`,
  )
  s += rect(-h * 0.05, -h * 0.16, h * 0.1, h * 0.38, C.navy, h * 0.04) + circle(0, h * 0.34, h * 0.06, C.navy)
  return s
}
function checkBadge(r, colour = C.teal) {
  return (
    circle(0, 0, r, colour) +
    stroke(`M${-r * 0.4} 0 L${-r * 0.1} ${r * 0.3} L${r * 0.45} ${-r * 0.3}`, C.white, r * 0.18)
  )
}
function node(r, colour) {
  return circle(0, 0, r, colour) + circle(0, 0, r * 0.45, C.white, 'opacity="0.5"')
}
function dashed(d, colour, w = 4) {
  return stroke(d, colour, w, `stroke-dasharray="${w * 2.5} ${w * 2}"`)
}
function interactiveBoard(w, h, rng, kind = 'lesson') {
  let s = rect(-12, -12, w + 24, h + 24, '#1e293b', 12)
  s += `<svg x="0" y="0" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" overflow="hidden">${screenFns[kind](w, h, rng)}</svg>`
  s += rect(w * 0.47, h + 12, w * 0.06, 8, C.slate5)
  return s
}
function building(w, h, rng, colour = '#cbd5e1', glass = '#93c5fd') {
  let s = rect(0, -h, w, h, colour)
  const cols = Math.max(2, Math.floor(w / 36))
  const rows = Math.floor((h - 30) / 34)
  const cw = (w - 20) / cols
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      s += rect(10 + c * cw + 3, -h + 16 + r * 34, cw - 6, 22, rng.next() < 0.25 ? '#fde68a' : glass, 2)
  return s
}
function storefront(w, h, awning) {
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
function mountain(W, baseY, h) {
  // flat-topped massif (Table Mountain cue)
  return path(
    `M0 ${baseY} L${W * 0.12} ${baseY - h * 0.55} L${W * 0.22} ${baseY - h * 0.95} L${W * 0.62} ${baseY - h} L${W * 0.72} ${baseY - h * 0.7} L${W * 0.86} ${baseY - h * 0.82} L${W} ${baseY - h * 0.4} L${W} ${baseY}Z`,
    '#94a3b8',
    'opacity="0.55"',
  )
}
function chip(s1) {
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
function oldTower(k) {
  let s = rect(0, -200 * k, 90 * k, 200 * k, '#e7e0cf', 4)
  s +=
    rect(10 * k, -186 * k, 70 * k, 14 * k, '#cfc6ae', 2) +
    rect(10 * k, -166 * k, 70 * k, 14 * k, '#cfc6ae', 2)
  s += circle(45 * k, -60 * k, 8 * k, '#cfc6ae')
  return s
}
function crtMonitor(k) {
  let s = rect(0, -170 * k, 200 * k, 150 * k, '#e7e0cf', 12 * k)
  s += rect(20 * k, -152 * k, 160 * k, 112 * k, '#475569', 10 * k)
  s += path(`M${60 * k} ${-20 * k} L${140 * k} ${-20 * k} L${160 * k} 0 L${40 * k} 0Z`, '#d6cfbd')
  return s
}
function hourglass(k, colour = C.amber) {
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
function gauge(r, value, colour = C.teal) {
  const a = Math.PI * (1 - value)
  let s = stroke(`M${-r} 0 A${r} ${r} 0 0 1 ${r} 0`, C.slate2, r * 0.18)
  s += stroke(`M${-r} 0 A${r} ${r} 0 0 1 ${n(r * Math.cos(a))} ${n(-r * Math.sin(a))}`, colour, r * 0.18)
  s +=
    line(0, 0, r * 0.7 * Math.cos(a), -r * 0.7 * Math.sin(a), C.navy, r * 0.07) +
    circle(0, 0, r * 0.1, C.navy)
  return s
}
function card(w, h, fill = C.white) {
  return rect(4, 8, w, h, C.navy, 18, 'opacity="0.06"') + rect(0, 0, w, h, fill, 18)
}
function ladder(h) {
  let s = line(0, 0, 30, -h, '#94a3b8', 8) + line(60, 0, 90, -h, '#94a3b8', 8)
  for (let i = 1; i < 8; i++)
    s += line((30 * i) / 8, (-h * i) / 8, 60 + (30 * i) / 8, (-h * i) / 8, '#94a3b8', 6)
  return s
}
function wallPlate(k = 1) {
  return (
    rect(-16 * k, -22 * k, 32 * k, 44 * k, C.white, 4, `stroke="${C.slate3}" stroke-width="2"`) +
    rect(-8 * k, -14 * k, 16 * k, 11 * k, C.navy, 2) +
    rect(-8 * k, 3 * k, 16 * k, 11 * k, C.navy, 2)
  )
}

// ---------- scenes ----------
const scenes = {}

scenes['gallery/school-computer-lab'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 560 })
  let s = bg.s
  // wall: whiteboard + access point
  s += rect(380, 70, 440, 200, C.white, 8, `stroke="${C.slate3}" stroke-width="6"`)
  s += stroke('M420 220 Q480 120 540 180 T680 130 T780 150', C.blue5, 6)
  s += at(600, 40, accessPoint(34))
  s += at(1040, 150, wifiArcs(0, 0, 60, C.sky, 3, 6, 0.8))
  s += at(1040, 166, accessPoint(30))
  // back row of desks
  for (let r = 0; r < 2; r++) {
    const y = r === 0 ? 450 : 640
    const sc = r === 0 ? 0.75 : 1
    const dw = r === 0 ? 980 : 1120
    const x0 = (W - dw) / 2
    s += at(x0, y, desk(dw, 130 * sc))
    const n1 = r === 0 ? 5 : 4
    for (let i = 0; i < n1; i++) {
      const mw = 150 * sc
      const cx = x0 + (dw / n1) * (i + 0.5)
      s += at(
        cx - mw / 2,
        y - mw * 0.62 - mw * 0.27,
        monitor(mw, mw * 0.62, rng, rng.pick(['dash', 'code', 'lesson'])),
      )
      if (r === 1) {
        s += at(cx, y + 150, personBack(1.3, rng))
        s += at(cx - 55, y + 110, chairBack(110, rng.pick([C.slate, C.blue, C.tealD])))
      } else {
        s += rect(cx - 40 * sc, y - 6, 80 * sc, 6, C.slate5, 2)
      }
    }
  }
  return { defs: bg.defs, s }
}

scenes['gallery/retail-pos-network'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 700,
    top: '#fffbeb',
    bottom: '#fef3c7',
    floorColour: '#fde68a',
    floorEdge: '#fcd34d',
  })
  let s = bg.s
  // shelves in background
  for (let i = 0; i < 3; i++) {
    const x = 60 + i * 190
    s += rect(x, 150, 170, 380, C.white, 6)
    for (let r = 0; r < 4; r++) {
      s += rect(x, 230 + r * 90, 170, 8, C.slate3)
      for (let b = 0; b < 5; b++)
        s += rect(
          x + 10 + b * 31,
          230 + r * 90 - rng.range(40, 70),
          24,
          70,
          rng.pick([C.sky, C.teal, C.amber, C.rose, C.blue5, '#a78bfa']),
          3,
          'opacity="0.85"',
        )
    }
  }
  // network cabinet on wall + AP
  s += at(900, 90, rack(200, 240, rng, { uh: 16, seq: ['patch', 'switch', 'manager', 'switch'] }))
  s += at(760, 80, accessPoint(30)) + wifiArcs(760, 150, 70, C.sky, 3, 5, 0.7)
  // counter
  s += rect(100, 560, 1000, 40, C.navy, 8)
  s += rect(120, 600, 960, 260, C.slate, 0)
  s += rect(120, 600, 960, 12, '#1e293b')
  for (let i = 0; i < 4; i++) s += rect(160 + i * 235, 640, 200, 180, '#475569', 8)
  // two POS stations
  s += at(330, 560, posTerminal(1))
  s += at(470, 560, cardReader(1))
  s += at(200, 560, receiptPrinter(1))
  s += at(760, 560, posTerminal(0.9))
  s += at(890, 560, cardReader(0.9))
  // network lines from terminals to cabinet
  s += dashed('M330 380 Q330 300 600 300 T900 220', C.teal, 5)
  s += dashed('M760 400 Q800 320 900 300', C.teal, 5)
  s += at(1000, 420, checkBadge(26))
  return { defs: bg.defs, s }
}

scenes['gallery/desktop-rollout-staging'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 660 })
  let s = bg.s
  // staging bench with laptops being imaged
  s += at(80, 470, desk(760, 190))
  for (let i = 0; i < 4; i++) {
    s += at(110 + i * 185, 390, laptop(140, rng, i % 2 ? 'code' : 'dash'))
    s +=
      rect(120 + i * 185, 372, 120, 6, C.slate3, 3) +
      rect(120 + i * 185, 372, 120 * rng.range(0.3, 1), 6, C.green, 3)
  }
  // labelled boxes stacked
  s += at(880, 760, cardboardBox(150, 120)) + at(1040, 760, cardboardBox(130, 120))
  s += at(900, 640, cardboardBox(140, 110)) + at(1050, 640, cardboardBox(110, 100))
  s += at(960, 530, cardboardBox(120, 100))
  // monitors on a trolley
  s += rect(110, 700, 560, 18, C.slate, 6)
  for (let i = 0; i < 3; i++)
    s += at(140 + i * 180, 698, `<g transform="rotate(-90)">${rect(0, 0, 120, 170, C.navy, 6)}</g>`)
  s += circle(140, 740, 16, C.navy) + circle(640, 740, 16, C.navy)
  s += rect(120, 718, 12, 10, C.slate5) + rect(630, 718, 12, 10, C.slate5)
  // technician with checklist tablet
  s += at(770, 840, personStanding(1.35, rng, { shirt: C.blue, vest: false }))
  s += at(700, 560, `<g transform="rotate(-10)">${tablet(70, 96, rng, 'dash')}</g>`)
  s += at(940, 200, `${card(220, 150)}${checkBadge(24)}`)
  for (let i = 0; i < 3; i++)
    s +=
      rect(1010, 228 + i * 34, 110, 12, C.slate2, 6) +
      at(980, 234 + i * 34, checkBadge(10, i < 2 ? C.teal : C.slate3))
  return { defs: bg.defs, s }
}

scenes['gallery/interactive-classroom-display'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 640,
    top: '#f0fdfa',
    bottom: '#ccfbf1',
    floorColour: '#e7e5e4',
    floorEdge: '#d6d3d1',
  })
  let s = bg.s
  s += at(280, 120, interactiveBoard(640, 370, rng, 'lesson'))
  s += rect(560, 502, 80, 140, C.slate5) + rect(480, 630, 240, 16, C.slate, 6)
  // teacher pointing
  s += at(1010, 700, personStanding(1.45, rng, { reach: true, shirt: C.amber }))
  // students from behind
  for (let i = 0; i < 3; i++) {
    const x = 240 + i * 360
    s +=
      rect(x - 150, 760, 300, 20, C.wood, 4) +
      rect(x - 140, 780, 16, 120, C.slate5) +
      rect(x + 124, 780, 16, 120, C.slate5)
    s += at(x - 60, 800, personBack(1, rng)) + at(x + 70, 800, personBack(1, rng))
  }
  // touch ripple
  s +=
    circle(830, 240, 22, C.white, 'opacity="0.8"') +
    circle(830, 240, 36, 'none', `stroke="${C.white}" stroke-width="4" opacity="0.6"`)
  return { defs: bg.defs, s }
}

scenes['gallery/taxi-fleet-setup'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 640,
    top: '#fff7ed',
    bottom: '#fde68a',
    floorColour: '#94a3b8',
    floorEdge: '#64748b',
  })
  let s = bg.s
  // city skyline
  for (let i = 0; i < 9; i++)
    s += at(i * 140 - 20, 640, building(120, rng.range(180, 380), rng, '#e2e8f0', '#bfdbfe'))
  // road markings
  for (let i = 0; i < 8; i++) s += rect(40 + i * 160, 810, 90, 10, C.white, 4)
  s += at(80, 780, minibus(720))
  // GPS signal
  s += at(280, 340, wifiArcs(0, 0, 70, C.blue5, 3, 6))
  s += at(
    140,
    110,
    `<g transform="rotate(-20)">${rect(-30, -14, 60, 28, C.slate5, 4)}${rect(-80, -10, 44, 20, C.blue5, 2)}${rect(36, -10, 44, 20, C.blue5, 2)}</g>`,
  )
  s += dashed('M170 140 Q240 220 275 320', C.blue5, 4)
  // large tablet showing the route
  s += at(850, 180, `<g transform="rotate(4)">${tablet(300, 420, rng, 'map')}</g>`)
  s += dashed('M395 466 Q620 380 850 430', C.blue5, 4)
  return { defs: bg.defs, s }
}

scenes['gallery/structured-cabling'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 720,
    top: '#f8fafc',
    bottom: '#e2e8f0',
    floorColour: '#cbd5e1',
    floorEdge: '#94a3b8',
  })
  let s = bg.s
  // ceiling tiles & cable tray
  s += rect(0, 0, W, 110, '#f1f5f9')
  for (let i = 0; i < 10; i++) s += line(i * 130, 0, i * 130, 110, C.slate3, 2)
  s += rect(0, 130, W, 26, C.slate5, 3) + rect(0, 126, W, 6, C.slate3)
  const colours = [C.blue5, C.blue, C.sky, '#60a5fa', C.blue5]
  for (let i = 0; i < 12; i++)
    s += line(0, 134 + i * 1.6, W, 134 + i * 1.6 + rng.range(-2, 2), rng.pick(colours), 3)
  // drops to patch panel
  s += at(
    700,
    240,
    rack(280, 470, rng, {
      seq: ['patch', 'manager', 'patch', 'switch', 'manager', 'switch', 'patch', 'manager', 'switch'],
    }),
  )
  for (let i = 0; i < 14; i++) {
    const x = 760 + i * 12
    s += stroke(`M${x} 156 C${x} 200 ${x + rng.range(-4, 4)} 220 ${x} 254`, rng.pick(colours), 4)
  }
  // drops to wall plates
  for (let i = 0; i < 3; i++) {
    const x = 130 + i * 170
    s += line(x, 156, x, 540, rng.pick(colours), 5) + line(x + 8, 156, x + 8, 540, rng.pick(colours), 5)
    s += rect(x - 14, 156, 36, 380, C.white, 4, 'opacity="0.9"')
    s += at(x + 4, 560, wallPlate(1.3))
  }
  // technician with cable tester
  s += at(560, 880, ladder(420))
  s += at(400, 880, personStanding(1.4, rng, { vest: true, shirt: C.blue, reach: true }))
  s += at(290, 560, rect(0, 0, 40, 60, C.amber, 6) + rect(6, 8, 28, 20, C.navy, 2))
  // cable reel
  s += circle(1080, 820, 70, C.blue) + circle(1080, 820, 40, '#1e40af') + circle(1080, 820, 14, C.slate3)
  return { defs: bg.defs, s }
}

scenes['gallery/data-centre-network'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 760,
    top: '#0f172a',
    bottom: '#1e293b',
    floorColour: '#334155',
    floorEdge: '#475569',
    blobs: [C.sky, C.teal, C.blue],
  })
  let s = bg.s
  // raised floor tiles
  for (let i = 0; i < 12; i++) s += line(i * 110, 760, i * 110 - 40, 900, '#475569', 2)
  s += line(0, 830, W, 830, '#475569', 2)
  // overhead tray with fibre
  s += rect(0, 60, W, 20, C.slate5, 3)
  for (let i = 0; i < 5; i++)
    s += line(0, 64 + i * 3, W, 64 + i * 3, rng.pick([C.amber, '#facc15', C.sky]), 2.5)
  // row of racks
  for (let i = 0; i < 5; i++) {
    const x = 40 + i * 228
    s += at(
      x,
      120,
      rack(210, 640, rng, {
        uh: 18,
        seq: [
          'patch',
          'switch',
          'manager',
          'server',
          'server',
          'patch',
          'switch',
          'server',
          'server',
          'server',
        ],
      }),
    )
    s += line(x + 105, 80, x + 105, 134, C.amber, 4)
  }
  // glow
  s += rect(0, 0, W, H, C.sky, 0, 'opacity="0.04"')
  return { defs: bg.defs, s }
}

scenes['gallery/classroom-infrastructure-cleanup'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 700 })
  let s = bg.s
  // split: before (left, muted) / after (right)
  s += rect(0, 0, W / 2, H, '#e2e8f0', 0, 'opacity="0.6"')
  s += rect(W / 2 - 3, 0, 6, H, C.white)
  // before: loose cables and a cluttered shelf
  s +=
    rect(90, 300, 400, 22, C.wood, 4) + rect(110, 322, 14, 160, C.slate5) + rect(456, 322, 14, 160, C.slate5)
  s += at(
    140,
    300,
    rect(0, -60, 160, 60, '#1e293b', 4) + rect(10, -48, 6, 6, C.amber) + rect(24, -48, 6, 6, C.green),
  )
  s += at(330, 300, rect(0, -40, 120, 40, '#334155', 4) + rect(8, -30, 5, 5, C.amber))
  for (let i = 0; i < 12; i++) {
    const x1 = rng.range(150, 440)
    const d = `M${n(x1)} 300 C${n(rng.range(40, 560))} ${n(rng.range(380, 700))} ${n(rng.range(40, 560))} ${n(rng.range(300, 800))} ${n(rng.range(60, 540))} ${n(rng.range(700, 860))}`
    s += stroke(d, rng.pick([C.blue5, C.amber, C.slate5, '#facc15', C.navy, C.white]), 5)
  }
  s += at(300, 150, warning(90))
  // after: neat wall cabinet, trunking and labelled drops
  s += at(
    760,
    150,
    rack(300, 380, rng, {
      uh: 18,
      door: true,
      seq: ['patch', 'switch', 'manager', 'patch', 'switch', 'manager', 'ups'],
    }),
  )
  s += rect(640, 560, 540, 30, C.white, 4, `stroke="${C.slate3}" stroke-width="2"`)
  s += rect(900, 530, 30, 32, C.white, 4, `stroke="${C.slate3}" stroke-width="2"`)
  for (let i = 0; i < 4; i++) s += at(680 + i * 130, 620, wallPlate(1.1))
  s += at(1110, 100, checkBadge(40))
  // arrow between
  s += at(W / 2, 450, circle(0, 0, 44, C.blue) + stroke('M-16 0 H16 M4 -14 L18 0 L4 14', C.white, 7))
  return { defs: bg.defs, s }
}

scenes['gallery/industrial-control-room'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 700,
    top: '#e2e8f0',
    bottom: '#cbd5e1',
    floorColour: '#94a3b8',
    floorEdge: '#64748b',
  })
  let s = bg.s
  // video wall 4x2
  s += rect(120, 60, 960, 430, '#1e293b', 10)
  const kinds = ['chart', 'dash', 'cctv', 'chart', 'dash', 'chart', 'cctv', 'dash']
  for (let i = 0; i < 8; i++) {
    const x = 136 + (i % 4) * 236
    const y = 76 + Math.floor(i / 4) * 206
    s += `<svg x="${x}" y="${y}" width="224" height="194" viewBox="0 0 224 194" overflow="hidden">${screenFns[kinds[i]](224, 194, rng)}</svg>`
  }
  // process mimic on one panel overlay: tanks and pipes
  s += rect(372, 76, 224, 194, '#0b1220')
  s += rect(396, 140, 50, 100, C.sky, 6) + rect(520, 120, 50, 120, C.teal, 6)
  s += stroke('M446 200 H480 V160 H520', C.amber, 6) + circle(480, 180, 10, C.green)
  // console desk curve with monitors
  s += path('M60 700 Q600 600 1140 700 L1140 740 Q600 640 60 740Z', C.navy)
  s += path('M60 740 Q600 640 1140 740 L1140 900 L60 900Z', C.slate)
  for (let i = 0; i < 5; i++) {
    const x = 160 + i * 190
    const y = 520 + Math.abs(i - 2) * 18
    s += at(x, y, monitor(170, 100, rng, rng.pick(['chart', 'dash', 'cctv']), { stand: false }))
    s += rect(x + 75, y + 100, 20, 560 + Math.abs(i - 2) * 24 - y - 100 + 100, C.slate5)
  }
  s += at(420, 900, personBack(1.5, rng)) + at(800, 900, personBack(1.5, rng))
  // status beacon
  s += at(1130, 40, rect(-12, 0, 24, 30, C.slate) + circle(0, -6, 14, C.green))
  return { defs: bg.defs, s }
}

scenes['gallery/switch-cabinet'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 820, top: '#f1f5f9', bottom: '#e2e8f0' })
  let s = bg.s
  s += at(
    300,
    60,
    rack(600, 760, rng, {
      uh: 26,
      seq: [
        'patch',
        'switch',
        'manager',
        'patch',
        'switch',
        'manager',
        'patch',
        'switch',
        'manager',
        'server',
        'ups',
      ],
    }),
  )
  // open door hinged on the right, seen edge-on
  s += path('M900 60 L1060 110 L1060 770 L900 820Z', C.navy, 'opacity="0.9"')
  s += path('M920 92 L1044 130 L1044 750 L920 790Z', C.sky, 'opacity="0.22"')
  s += rect(1040, 400, 8, 60, C.slate3, 3)
  // cable labels / velcro ties
  for (let i = 0; i < 6; i++) s += rect(330, 150 + i * 110, 20, 10, C.amber, 2)
  s += at(160, 200, checkBadge(40)) + at(160, 320, node(18, C.teal)) + at(160, 420, node(14, C.sky))
  s += dashed('M160 240 V300', C.teal, 4) + dashed('M160 340 V405', C.sky, 4)
  return { defs: bg.defs, s }
}

// ---- projects (1200×800)
scenes['projects/marist-brothers-linmeyer'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 660, floorColour: '#bbf7d0', floorEdge: '#86efac' })
  let s = bg.s
  s += at(180, 660, schoolBuilding(820, 330, { cols: 8 }))
  s += at(90, 680, tree(220)) + at(1100, 690, tree(260)) + at(1020, 700, tree(160, C.tealD))
  // Wi-Fi APs on the facade and CCTV on the corners
  s += at(380, 250, wifiArcs(0, 0, 70, C.blue5, 3, 6)) + at(790, 250, wifiArcs(0, 0, 70, C.blue5, 3, 6))
  s += at(190, 370, cctv(0.9, false)) + at(990, 370, cctv(0.9, true))
  // field path
  s += path('M520 660 L680 660 L780 800 L420 800Z', '#fef3c7')
  // learners with devices
  s +=
    at(300, 780, personStanding(0.6, rng, { shirt: C.blue })) +
    at(360, 780, personStanding(0.55, rng, { shirt: C.blue }))
  s += at(880, 790, personStanding(0.6, rng, { shirt: C.blue }))
  return { defs: bg.defs, s }
}

scenes['projects/corporate-office-complex'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 660, floorColour: '#cbd5e1', floorEdge: '#94a3b8' })
  let s = bg.s
  const tops = []
  const defs = [
    [120, 200, 380],
    [340, 240, 520],
    [600, 220, 440],
    [840, 240, 360],
  ]
  for (const [x, w, h] of defs) {
    s += at(
      x,
      660,
      building(
        w,
        h,
        rng,
        rng.pick(['#dbeafe', '#e2e8f0', '#cffafe']),
        rng.pick(['#93c5fd', '#7dd3fc', '#5eead4']),
      ),
    )
    tops.push([x + w / 2, 660 - h])
  }
  // network links between towers and the cloud
  s += at(1020, 140, cloud(220, C.white, `stroke="${C.sky}" stroke-width="4"`))
  for (const [x, y] of tops)
    s +=
      dashed(`M${x} ${y} Q${(x + 1020) / 2} ${Math.min(y, 140) - 60} 1000 150`, C.blue5, 4) +
      at(x, y, node(14, C.teal))
  s += at(1020, 150, shield(70, C.blue, 'lock'))
  // trees/road
  for (let i = 0; i < 6; i++) s += at(60 + i * 220, 690, tree(90))
  s += rect(0, 720, W, 80, '#64748b')
  for (let i = 0; i < 7; i++) s += rect(40 + i * 180, 756, 100, 8, C.white, 4)
  return { defs: bg.defs, s }
}

scenes['projects/kfc-national-network-rollout'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floor: false, top: '#fff7ed', bottom: '#ffedd5' })
  let s = bg.s
  // central NOC/cloud hub with spokes to stores
  const hub = [600, 360]
  const stores = [
    [150, 250],
    [150, 560],
    [420, 690],
    [790, 690],
    [1060, 560],
    [1060, 250],
    [600, 120],
  ]
  for (const [x, y] of stores) s += dashed(`M${hub[0]} ${hub[1]} L${x} ${y}`, C.teal, 5)
  s += circle(hub[0], hub[1], 120, C.white, 'opacity="0.8"')
  s += at(hub[0], hub[1] + 30, cloud(190, C.blue))
  s += at(hub[0], hub[1] - 6, checkBadge(24, C.teal))
  const awnings = [C.amber, C.teal, C.blue5, C.rose]
  stores.forEach(([x, y], i) => {
    s += at(x - 80, y + 60, storefront(160, 110, awnings[i % awnings.length]))
    s += at(x + 60, y - 70, wifiArcs(0, 0, 30, C.blue5, 3, 4))
    s += at(x, y + 80, node(12, C.green))
  })
  return { defs: bg.defs, s }
}

scenes['projects/st-josephs-marist-cape-town-cctv'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 660,
    top: '#e0f2fe',
    bottom: '#bae6fd',
    floorColour: '#bbf7d0',
    floorEdge: '#86efac',
  })
  let s = bg.s
  s += mountain(W, 480, 320)
  s += at(100, 660, schoolBuilding(680, 300, { cols: 6, wall: '#f8fafc', roof: C.blue }))
  s += at(110, 340, cctv(0.9, false)) + at(770, 340, cctv(0.9, true)) + at(440, 340, domeCam(22))
  // perimeter fence with pole camera
  for (let i = 0; i < 30; i++) s += rect(i * 42, 610, 6, 60, C.slate5)
  s += rect(0, 620, W, 5, C.slate5)
  s += rect(1000, 300, 12, 370, C.slate) + at(1006, 310, cctv(0.8, true))
  // monitoring screen
  s += at(860, 420, monitor(280, 170, rng, 'cctv'))
  s += at(60, 700, tree(150)) + at(820, 720, tree(120))
  return { defs: bg.defs, s }
}

scenes['projects/pelican-club-bahrain'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floorY: 640,
    top: '#fffbeb',
    bottom: '#fde68a',
    floorColour: '#fcd34d',
    floorEdge: '#f59e0b',
  })
  let s = bg.s
  // left: remote engineer at a laptop
  s += at(60, 560, desk(400, 100))
  s += at(110, 460, laptop(160, rng, 'dash'))
  s += at(330, 470, monitor(120, 80, rng, 'chart', { stand: true }))
  s += at(540, 780, personStanding(1.1, rng, { headset: true, shirt: C.blue }))
  // long-distance link arc
  s += dashed('M300 300 Q600 20 900 260', C.blue, 6)
  s +=
    circle(600, 160, 50, C.white) +
    at(
      600,
      160,
      `<g transform="scale(0.9)">${circle(0, 0, 40, C.sky)}${stroke('M-40 0 H40 M0 -40 Q26 0 0 40 Q-26 0 0 -40', C.white, 4)}</g>`,
    )
  // right: club with palms and pool
  s += rect(760, 360, 380, 280, C.white, 6)
  s += rect(740, 340, 420, 30, C.teal, 6)
  for (let i = 0; i < 4; i++) s += rect(790 + i * 88, 420, 56, 110, '#7dd3fc', 28)
  s += rect(900, 560, 100, 80, C.tealD, 4)
  s += ellipse(950, 730, 230, 50, '#38bdf8') + ellipse(950, 730, 200, 36, '#7dd3fc')
  s += at(710, 660, palm(300)) + at(1180, 660, palm(260))
  s += at(1080, 320, wifiArcs(0, 0, 50, C.blue5, 3, 5))
  s += at(820, 300, checkBadge(28))
  return { defs: bg.defs, s }
}

scenes['projects/campuskey-network-overhaul'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 690, floorColour: '#cbd5e1', floorEdge: '#94a3b8' })
  let s = bg.s
  // residence block: 5 floors, AP per floor
  s += rect(260, 110, 560, 580, '#fde7c7') + rect(250, 96, 580, 22, '#b45309', 4)
  for (let f = 0; f < 5; f++) {
    const y = 140 + f * 108
    for (let c = 0; c < 5; c++)
      s += rect(
        290 + c * 104,
        y,
        80,
        64,
        rng.next() < 0.35 ? '#fde68a' : '#7dd3fc',
        4,
        `stroke="${C.white}" stroke-width="4"`,
      )
    s += rect(260, y + 84, 560, 8, '#f5d0a0')
    s += at(840, y + 40, wifiArcs(0, 0, 36, C.blue5, 3, 4))
  }
  s += rect(480, 590, 120, 100, C.tealD, 4)
  // riser to the comms rack
  s += at(900, 360, rack(220, 320, rng, { uh: 16, seq: ['patch', 'switch', 'manager', 'switch', 'ups'] }))
  for (let f = 0; f < 5; f++) s += dashed(`M820 ${140 + f * 108 + 40} H880 V${380 + f * 20}`, C.teal, 3)
  // students with laptop and phone
  s += at(120, 780, personStanding(0.95, rng, { shirt: C.teal }))
  s += at(40, 560, laptop(100, rng, 'call'))
  s += at(680, 780, personStanding(0.9, rng, { shirt: C.amber }))
  s += at(740, 560, phone(46, rng, 'dash'))
  return { defs: bg.defs, s }
}

// ---- posts (1200×675)
scenes['posts/classroom-playback-technology-zoom-ai-lesson-replay'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 560 })
  let s = bg.s
  s += at(230, 70, interactiveBoard(560, 330, rng, 'call'))
  // camera on top of board
  s += rect(480, 40, 60, 26, C.navy, 6) + circle(510, 53, 8, C.blue5)
  // replay / play icons
  s += at(960, 190, circle(0, 0, 80, C.blue) + path('M-22 -34 L36 0 L-22 34Z', C.white))
  s += at(
    960,
    190,
    stroke('M-104 -10 A104 104 0 1 1 -60 84', C.sky, 10) + path('M-118 -28 L-104 6 L-86 -22Z', C.sky),
  )
  // AI sparkle
  const sparkle = (k) =>
    path(
      `M0 ${-k} Q${k * 0.15} ${-k * 0.15} ${k} 0 Q${k * 0.15} ${k * 0.15} 0 ${k} Q${-k * 0.15} ${k * 0.15} ${-k} 0 Q${-k * 0.15} ${-k * 0.15} 0 ${-k}Z`,
      C.amber,
    )
  s += at(1080, 80, sparkle(30)) + at(1120, 140, sparkle(16)) + at(860, 340, sparkle(20))
  // students at desks with laptops
  for (let i = 0; i < 3; i++) {
    const x = 180 + i * 320
    s += rect(x - 140, 560, 280, 16, C.wood, 4)
    s += at(x - 110, 456, laptop(150, rng, 'call'))
    s += at(x + 80, 690, personBack(1.25, rng))
  }
  return { defs: bg.defs, s }
}

scenes['posts/field-support-and-smart-hands-services-south-africa'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 560 })
  let s = bg.s
  s += at(500, 80, rack(260, 480, rng, { uh: 18 }))
  s += at(420, 620, personStanding(1.05, rng, { vest: true, reach: true, shirt: C.blue }))
  s += at(300, 560, toolbox(1))
  // service van
  s += at(
    850,
    560,
    path(
      'M0 0 V-150 Q0 -170 20 -170 H200 Q230 -170 250 -130 L300 -90 V0Z',
      C.white,
      `stroke="${C.slate3}" stroke-width="3"`,
    ) +
      rect(0, -70, 300, 16, C.teal) +
      path('M210 -160 L240 -130 L280 -96 H210Z', '#1e3a5f') +
      circle(60, 0, 30, C.navy) +
      circle(60, 0, 12, C.slate3) +
      circle(240, 0, 30, C.navy) +
      circle(240, 0, 12, C.slate3),
  )
  // map pins across a simplified map card
  s += at(820, 60, card(300, 220))
  s += at(
    820,
    60,
    path(
      'M60 40 L210 30 L250 90 L230 170 L150 200 L80 170 L50 110Z',
      C.tealL,
      `stroke="${C.teal}" stroke-width="4"`,
    ),
  )
  s +=
    pin(1000, 120, 16, C.rose) +
    pin(930, 180, 12, C.blue) +
    pin(900, 110, 12, C.blue) +
    pin(1030, 190, 12, C.amber)
  s += at(140, 150, headset(1.2, C.blue))
  return { defs: bg.defs, s }
}

scenes['posts/understanding-the-power-of-ai-in-modern-business-and-education'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floor: false, top: '#eef2ff', bottom: '#e0f2fe' })
  let s = bg.s
  // neural network behind a chip
  const layers = [
    [180, 4],
    [340, 6],
    [860, 6],
    [1020, 4],
  ]
  const pts = layers.map(([x, c]) => Array.from({ length: c }, (_, i) => [x, 337 + (i - (c - 1) / 2) * 90]))
  for (let l = 0; l < pts.length - 1; l++)
    for (const a of pts[l])
      for (const b of pts[l + 1]) s += line(a[0], a[1], b[0], b[1], C.blue5, 2, 'opacity="0.25"')
  for (const layer of pts)
    for (const [x, y] of layer) s += at(x, y, node(16, rng.pick([C.teal, C.blue5, C.sky])))
  for (const [x, y] of pts[1]) s += line(x, y, 500, 337, C.sky, 3, 'opacity="0.6"')
  for (const [x, y] of pts[2]) s += line(x, y, 700, 337, C.sky, 3, 'opacity="0.6"')
  s += at(600, 337, chip(1.3))
  s += at(
    600,
    337,
    path(
      'M-40 50 L-10 -50 H10 L40 50 M-24 10 H24 M60 -50 V50',
      'none',
      `stroke="${C.white}" stroke-width="0"`,
    ),
  )
  // icons: graduation cap + briefcase around the chip
  s += at(
    600,
    337,
    `${circle(0, 0, 44, C.white)}${path('M-34 -4 L0 -20 L34 -4 L0 12Z', C.navy)}${path('M-20 4 V18 Q0 30 20 18 V4 L0 12Z', C.navy)}${line(30, -2, 30, 18, C.amber, 3)}`,
  )
  s += at(
    600,
    80,
    `${rect(-40, -26, 80, 56, C.amber, 8)}${stroke('M-14 -26 V-36 H14 V-26', C.navy, 5)}${rect(-40, -4, 80, 5, '#b45309')}`,
  )
  s += at(
    600,
    600,
    `${rect(-56, -36, 112, 66, C.white, 8, `stroke="${C.slate3}" stroke-width="3"`)}${stroke('M-40 16 L-16 -6 L6 8 L38 -22', C.teal, 6)}`,
  )
  return { defs: bg.defs, s }
}

scenes['posts/5-signs-your-school-needs-a-network-upgrade'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 560, floorColour: '#bbf7d0', floorEdge: '#86efac' })
  let s = bg.s
  s += at(80, 560, schoolBuilding(560, 250, { cols: 6 }))
  // weak signal: one of three bars, faded arcs
  s += at(360, 170, wifiArcs(0, 0, 80, C.slate5, 3, 8, 0.3) + wifiArcs(0, 0, 27, C.rose, 1, 8))
  s += at(470, 100, warning(70))
  // laptop with slow loading bar
  s += at(760, 250, laptop(340, rng, 'dash'))
  s +=
    rect(800, 330, 260, 60, C.white, 10, 'opacity="0.95"') +
    rect(820, 350, 220, 20, C.slate2, 10) +
    rect(820, 350, 50, 20, C.amber, 10)
  // numbered-less checklist dots (five signs)
  for (let i = 0; i < 5; i++)
    s += at(
      760 + i * 70,
      560 + 50,
      circle(0, 0, 22, i < 3 ? C.rose : C.amber) + stroke('M-8 -8 L8 8 M8 -8 L-8 8', C.white, 4),
    )
  return { defs: bg.defs, s }
}

scenes['posts/why-every-growing-business-should-consider-a-managed-it-service-provider-msp'] = (
  W,
  H,
  rng,
) => {
  const bg = backdrop(W, H, rng, { floor: false })
  let s = bg.s
  const c = [600, 330]
  const sats = [
    [230, 160, cloud(130, C.sky)],
    [230, 500, shield(110, C.blue, 'check')],
    [970, 160, headset(0.9, C.teal)],
    [
      970,
      500,
      rect(-50, -60, 100, 120, C.navy, 8) +
        rect(-38, -44, 76, 16, C.slate, 3) +
        rect(-38, -18, 76, 16, C.slate, 3) +
        rect(-38, 8, 76, 16, C.slate, 3) +
        circle(26, -36, 4, C.green) +
        circle(26, -10, 4, C.green) +
        circle(26, 16, 4, C.green),
    ],
  ]
  for (const [x, y] of sats) s += dashed(`M${c[0]} ${c[1]} L${x} ${y}`, C.blue5, 5)
  for (const [x, y, g] of sats) s += at(x, y, circle(0, 0, 100, C.white) + g)
  s += at(c[0] - 190, c[1] - 150, monitor(380, 230, rng, 'dash'))
  s += at(c[0] + 180, c[1] - 160, checkBadge(36))
  // growth chart
  s += at(
    600,
    600,
    rect(-150, -40, 300, 70, C.white, 12) + stroke('M-120 10 L-60 -4 L0 4 L60 -18 L120 -30', C.teal, 6),
  )
  return { defs: bg.defs, s }
}

scenes['posts/how-to-know-when-its-time-to-replace-your-wi-fi-system'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floor: false })
  let s = bg.s
  s += rect(0, 0, W / 2, H, '#e2e8f0', 0, 'opacity="0.6"')
  // old AP: boxy router with antennas, weak arcs
  s += at(
    300,
    420,
    rect(-110, -40, 220, 60, '#d6cfbd', 10) +
      line(-80, -40, -100, -140, C.slate5, 8) +
      line(80, -40, 100, -140, C.slate5, 8) +
      circle(-60, -10, 6, C.amber) +
      circle(-40, -10, 6, C.rose),
  )
  s += at(300, 300, wifiArcs(0, 0, 120, C.slate5, 3, 8, 0.25))
  s += at(300, 560, gauge(80, 0.18, C.rose))
  // new AP: ceiling disc, strong arcs
  s += rect(W / 2, 0, W / 2, 60, C.white)
  s += at(900, 100, accessPoint(70))
  s += at(900, 110, `<g transform="scale(1 -1)">${wifiArcs(0, 0, 300, C.sky, 4, 10, 0.9)}</g>`)
  s += at(900, 560, gauge(80, 0.9, C.teal))
  s += at(W / 2, 330, circle(0, 0, 44, C.blue) + stroke('M-16 0 H16 M4 -14 L18 0 L4 14', C.white, 7))
  return { defs: bg.defs, s }
}

scenes['posts/why-you-need-to-upgrade-your-hardware-before-it-slows-you-down'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 540 })
  let s = bg.s
  // old beige set-up
  s += at(80, 540, desk(420, 135, '#d6d3d1', '#a8a29e'))
  s += at(140, 540, crtMonitor(1.05)) + at(370, 540, oldTower(0.95))
  s += at(246, 290, hourglass(1))
  // cobwebs-free but dusty: dull overlay
  s += at(600, 330, circle(0, 0, 44, C.blue) + stroke('M-16 0 H16 M4 -14 L18 0 L4 14', C.white, 7))
  // new slim set-up
  s += at(700, 540, desk(420, 135))
  s += at(740, 310, monitor(220, 140, rng, 'dash'))
  s += at(980, 460, laptop(120, rng, 'chart'))
  s += at(1070, 180, gauge(60, 0.92, C.teal))
  return { defs: bg.defs, s }
}

scenes['posts/understanding-cyber-vulnerabilities-and-how-to-protect-your-business'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, {
    floor: false,
    top: '#0f172a',
    bottom: '#1e293b',
    blobs: [C.sky, C.teal, C.blue],
  })
  let s = bg.s
  // faint grid
  for (let i = 0; i < 16; i++) s += line(i * 80, 0, i * 80, H, C.sky, 1, 'opacity="0.08"')
  for (let i = 0; i < 9; i++) s += line(0, i * 80, W, i * 80, C.sky, 1, 'opacity="0.08"')
  s += at(600, 330, circle(0, 0, 210, C.sky, 'opacity="0.08"') + circle(0, 0, 160, C.sky, 'opacity="0.08"'))
  s += at(600, 330, shield(260, C.blue, 'lock'))
  // threats held at the perimeter
  const bug = (col) =>
    ellipse(0, 0, 22, 30, col) +
    circle(0, -34, 12, col) +
    stroke(
      'M-22 -10 L-40 -20 M22 -10 L40 -20 M-22 6 L-42 6 M22 6 L42 6 M-20 20 L-36 34 M20 20 L36 34',
      col,
      4,
    )
  s += at(230, 170, bug(C.rose)) + at(980, 520, bug(C.rose)) + at(1010, 150, warning(70))
  s += at(
    200,
    500,
    rect(-60, -40, 120, 80, C.white, 6) +
      path('M-60 -40 L0 6 L60 -40', 'none', `stroke="${C.slate5}" stroke-width="5"`) +
      circle(50, -40, 18, C.amber) +
      rect(47, -50, 6, 12, C.navy) +
      circle(50, -30, 3, C.navy),
  )
  for (const [x, y] of [
    [230, 170],
    [980, 520],
    [1010, 150],
    [200, 500],
  ])
    s += dashed(`M${x} ${y} L${(x + 600) / 2} ${(y + 330) / 2}`, C.rose, 3)
  return { defs: bg.defs, s }
}

scenes['posts/ncomputing-the-smart-affordable-solution-for-schools'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 560 })
  let s = bg.s
  // one host PC shares to many thin-client seats
  s += at(
    540,
    540,
    rect(0, -220, 120, 220, C.navy, 10) +
      rect(16, -196, 88, 12, C.slate, 3) +
      rect(16, -176, 88, 12, C.slate, 3) +
      circle(60, -40, 10, C.teal),
  )
  const seats = [
    [110, 200],
    [370, 150],
    [850, 150],
    [1090, 200],
    [180, 420],
    [1020, 420],
  ]
  for (const [x, y] of seats) {
    s += dashed(`M600 420 L${x} ${y + 60}`, C.teal, 4)
    s += at(x - 80, y - 40, monitor(160, 100, rng, rng.pick(['lesson', 'dash', 'code'])))
    s += rect(x - 24, y + 90, 48, 14, C.slate5, 4)
  }
  s += at(600, 120, circle(0, 0, 60, C.white) + wifiArcs(0, 20, 50, C.teal, 3, 6))
  return { defs: bg.defs, s }
}

scenes['posts/it-migration-services-south-africa'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 580 })
  let s = bg.s
  s += at(90, 100, rack(240, 480, rng, { uh: 18 }))
  s += at(880, 160, cloud(300, C.white, `stroke="${C.sky}" stroke-width="5"`))
  s += at(
    880,
    390,
    rect(-110, -80, 220, 160, C.navy, 10) +
      rect(-90, -60, 180, 30, C.slate, 4) +
      rect(-90, -20, 180, 30, C.slate, 4) +
      rect(-90, 20, 180, 30, C.slate, 4) +
      circle(70, -45, 5, C.green) +
      circle(70, -5, 5, C.green) +
      circle(70, 35, 5, C.green),
  )
  // data packets moving along the path
  s += stroke('M340 340 C520 200 620 220 760 200', C.blue5, 6, 'stroke-dasharray="2 16"')
  s += stroke('M340 400 C520 420 620 420 760 390', C.teal, 6, 'stroke-dasharray="2 16"')
  for (let i = 0; i < 4; i++)
    s += at(
      400 + i * 100,
      300 - i * 22 + (i > 1 ? 20 : 0),
      rect(-18, -14, 36, 28, rng.pick([C.amber, C.sky, C.teal]), 5),
    )
  s += at(600, 500, checkBadge(30))
  return { defs: bg.defs, s }
}

scenes['posts/voip-phone-rollout-services-south-africa'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floorY: 520 })
  let s = bg.s
  s += at(60, 520, desk(1080, 155))
  s += at(230, 520, deskPhone(1.6)) + at(600, 520, deskPhone(1.6)) + at(970, 520, deskPhone(1.6))
  for (const x of [230, 600, 970])
    s += at(x + 60, 340, stroke('M0 -30 Q20 0 0 30 M20 -50 Q50 0 20 50', C.teal, 6))
  s += at(600, 150, cloud(240, C.white, `stroke="${C.sky}" stroke-width="4"`))
  for (const x of [230, 600, 970]) s += dashed(`M${x} 400 Q${(x + 600) / 2} 260 600 200`, C.blue5, 4)
  s += at(1040, 110, headset(0.9, C.blue))
  return { defs: bg.defs, s }
}

scenes['posts/complete-field-support-solutions-on-site-remote-and-dedicated-engineers'] = (W, H, rng) => {
  const bg = backdrop(W, H, rng, { floor: false })
  let s = bg.s
  const cx = [220, 600, 980]
  for (const x of cx) s += at(x - 170, 90, card(340, 500))
  // on-site: technician with toolbox next to a rack
  s += at(150, 150, rack(110, 250, rng, { uh: 12, seq: ['patch', 'switch', 'manager', 'switch'] }))
  s += at(300, 520, personStanding(1.1, rng, { vest: true, shirt: C.blue }))
  s += at(220, 540, toolbox(0.6))
  // remote: laptop + headset
  s += at(510, 300, laptop(180, rng, 'dash'))
  s += at(600, 200, headset(1.1, C.teal))
  s += stroke('M520 480 H680', C.slate3, 6) + stroke('M540 510 H660', C.slate3, 6)
  // dedicated engineer with badge
  s += at(980, 540, personStanding(1.25, rng, { shirt: C.tealD }))
  s += rect(958, 330, 26, 34, C.white, 3) + rect(962, 336, 18, 10, C.amber, 2)
  s += at(1080, 170, checkBadge(26))
  return { defs: bg.defs, s }
}

// ---- social card (the only artwork with text)
function ogCard(W, H, rng) {
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

const logos = {
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
function logoSvg(name) {
  const size = name.length > 10 ? 26 : 32
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${name}"><title>${name}</title><text x="120" y="51" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#334155">${name}</text></svg>\n`
}

const SIZES = { gallery: [1200, 900], projects: [1200, 800], posts: [1200, 675] }

async function writeWebp(file, svg) {
  const out = join(here, file)
  await mkdir(dirname(out), { recursive: true })
  const info = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toFile(out)
  return info.size
}

const only = process.argv[2]
let total = 0
for (const [key, draw] of Object.entries(scenes)) {
  if (only && !key.includes(only)) continue
  const [W, H] = SIZES[key.split('/')[0]]
  const { defs, s } = draw(W, H, seeded(key))
  const size = await writeWebp(`${key}.webp`, svgDoc(W, H, s, defs))
  total += size
  console.log(`${key}.webp ${(size / 1024).toFixed(1)} KB`)
}
if (!only || 'og'.includes(only)) {
  total += await writeWebp('og/default.webp', ogCard(1200, 630, seeded('og/default')))
}
if (!only || 'logos'.includes(only)) {
  await mkdir(join(here, 'logos'), { recursive: true })
  for (const [file, name] of Object.entries(logos))
    await writeFile(join(here, 'logos', `${file}.svg`), logoSvg(name))
}
console.log(`total webp ${(total / 1024).toFixed(1)} KB`)
