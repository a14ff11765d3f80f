import { C } from '../palette.mjs'
import { accessPoint, chip, dashed, node, rack, toolbox, wifiArcs } from '../props/network.mjs'
import { personBack, personStanding } from '../props/people.mjs'
import { schoolBuilding } from '../props/places.mjs'
import { card, checkBadge, cloud, gauge, hourglass, pin, shield, warning } from '../props/symbols.mjs'
import {
  crtMonitor,
  desk,
  deskPhone,
  headset,
  interactiveBoard,
  laptop,
  monitor,
  oldTower,
} from '../props/workstations.mjs'
import { at, circle, ellipse, line, path, rect, scene, stroke } from '../svg.mjs'

// Article covers (1200×675), keyed by output path.

export const postScenes = {}

postScenes['posts/classroom-playback-technology-zoom-ai-lesson-replay'] = scene({ floorY: 560 }, (rng) => {
  let s = ''
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
  return s
})

postScenes['posts/field-support-and-smart-hands-services-south-africa'] = scene({ floorY: 560 }, (rng) => {
  let s = ''
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
  return s
})

postScenes['posts/understanding-the-power-of-ai-in-modern-business-and-education'] = scene(
  { floor: false, top: '#eef2ff', bottom: '#e0f2fe' },
  (rng) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/5-signs-your-school-needs-a-network-upgrade'] = scene(
  { floorY: 560, floorColour: '#bbf7d0', floorEdge: '#86efac' },
  (rng) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/why-every-growing-business-should-consider-a-managed-it-service-provider-msp'] = scene(
  { floor: false },
  (rng) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/how-to-know-when-its-time-to-replace-your-wi-fi-system'] = scene(
  { floor: false },
  (_rng, W, H) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/why-you-need-to-upgrade-your-hardware-before-it-slows-you-down'] = scene(
  { floorY: 540 },
  (rng) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/understanding-cyber-vulnerabilities-and-how-to-protect-your-business'] = scene(
  { floor: false, top: '#0f172a', bottom: '#1e293b', blobs: [C.sky, C.teal, C.blue] },
  (_rng, W, H) => {
    let s = ''
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
    return s
  },
)

postScenes['posts/ncomputing-the-smart-affordable-solution-for-schools'] = scene({ floorY: 560 }, (rng) => {
  let s = ''
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
  return s
})

postScenes['posts/it-migration-services-south-africa'] = scene({ floorY: 580 }, (rng) => {
  let s = ''
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
  return s
})

postScenes['posts/voip-phone-rollout-services-south-africa'] = scene({ floorY: 520 }, () => {
  let s = ''
  s += at(60, 520, desk(1080, 155))
  s += at(230, 520, deskPhone(1.6)) + at(600, 520, deskPhone(1.6)) + at(970, 520, deskPhone(1.6))
  for (const x of [230, 600, 970])
    s += at(x + 60, 340, stroke('M0 -30 Q20 0 0 30 M20 -50 Q50 0 20 50', C.teal, 6))
  s += at(600, 150, cloud(240, C.white, `stroke="${C.sky}" stroke-width="4"`))
  for (const x of [230, 600, 970]) s += dashed(`M${x} 400 Q${(x + 600) / 2} 260 600 200`, C.blue5, 4)
  s += at(1040, 110, headset(0.9, C.blue))
  return s
})

postScenes['posts/complete-field-support-solutions-on-site-remote-and-dedicated-engineers'] = scene(
  { floor: false },
  (rng) => {
    let s = ''
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
    return s
  },
)

// ---- social card (the only artwork with text)
