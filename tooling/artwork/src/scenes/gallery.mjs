import { C } from '../palette.mjs'
import {
  accessPoint,
  cardboardBox,
  dashed,
  ladder,
  node,
  rack,
  wallPlate,
  wifiArcs,
} from '../props/network.mjs'
import { personBack, personStanding } from '../props/people.mjs'
import { building, cardReader, minibus, posTerminal, receiptPrinter } from '../props/places.mjs'
import { card, checkBadge, warning } from '../props/symbols.mjs'
import { chairBack, desk, interactiveBoard, laptop, monitor, tablet } from '../props/workstations.mjs'
import { screenFns } from '../screens.mjs'
import { at, circle, line, n, path, rect, scene, stroke } from '../svg.mjs'

// Project gallery scenes (1200×900), keyed by output path.

export const galleryScenes = {}

galleryScenes['gallery/school-computer-lab'] = scene({ floorY: 560 }, (rng, W) => {
  let s = ''
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
  return s
})

galleryScenes['gallery/retail-pos-network'] = scene(
  { floorY: 700, top: '#fffbeb', bottom: '#fef3c7', floorColour: '#fde68a', floorEdge: '#fcd34d' },
  (rng) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/desktop-rollout-staging'] = scene({ floorY: 660 }, (rng) => {
  let s = ''
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
  return s
})

galleryScenes['gallery/interactive-classroom-display'] = scene(
  { floorY: 640, top: '#f0fdfa', bottom: '#ccfbf1', floorColour: '#e7e5e4', floorEdge: '#d6d3d1' },
  (rng) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/taxi-fleet-setup'] = scene(
  { floorY: 640, top: '#fff7ed', bottom: '#fde68a', floorColour: '#94a3b8', floorEdge: '#64748b' },
  (rng) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/structured-cabling'] = scene(
  { floorY: 720, top: '#f8fafc', bottom: '#e2e8f0', floorColour: '#cbd5e1', floorEdge: '#94a3b8' },
  (rng, W) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/data-centre-network'] = scene(
  {
    floorY: 760,
    top: '#0f172a',
    bottom: '#1e293b',
    floorColour: '#334155',
    floorEdge: '#475569',
    blobs: [C.sky, C.teal, C.blue],
  },
  (rng, W, H) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/classroom-infrastructure-cleanup'] = scene({ floorY: 700 }, (rng, W, H) => {
  let s = ''
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
  return s
})

galleryScenes['gallery/industrial-control-room'] = scene(
  { floorY: 700, top: '#e2e8f0', bottom: '#cbd5e1', floorColour: '#94a3b8', floorEdge: '#64748b' },
  (rng) => {
    let s = ''
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
    return s
  },
)

galleryScenes['gallery/switch-cabinet'] = scene({ floorY: 820, top: '#f1f5f9', bottom: '#e2e8f0' }, (rng) => {
  let s = ''
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
  return s
})
