import { C } from '../palette.mjs'
import { cctv, dashed, domeCam, node, rack, wifiArcs } from '../props/network.mjs'
import { personStanding } from '../props/people.mjs'
import { building, mountain, palm, schoolBuilding, storefront, tree } from '../props/places.mjs'
import { checkBadge, cloud, shield } from '../props/symbols.mjs'
import { desk, laptop, monitor, phone } from '../props/workstations.mjs'
import { at, circle, ellipse, path, rect, scene, stroke } from '../svg.mjs'

// Case-study covers (1200×800), keyed by output path.

export const projectScenes = {}

projectScenes['projects/marist-brothers-linmeyer'] = scene(
  { floorY: 660, floorColour: '#bbf7d0', floorEdge: '#86efac' },
  (rng) => {
    let s = ''
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
    return s
  },
)

projectScenes['projects/corporate-office-complex'] = scene(
  { floorY: 660, floorColour: '#cbd5e1', floorEdge: '#94a3b8' },
  (rng, W) => {
    let s = ''
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
    return s
  },
)

projectScenes['projects/kfc-national-network-rollout'] = scene(
  { floor: false, top: '#fff7ed', bottom: '#ffedd5' },
  () => {
    let s = ''
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
    return s
  },
)

projectScenes['projects/st-josephs-marist-cape-town-cctv'] = scene(
  { floorY: 660, top: '#e0f2fe', bottom: '#bae6fd', floorColour: '#bbf7d0', floorEdge: '#86efac' },
  (rng, W) => {
    let s = ''
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
    return s
  },
)

projectScenes['projects/pelican-club-bahrain'] = scene(
  { floorY: 640, top: '#fffbeb', bottom: '#fde68a', floorColour: '#fcd34d', floorEdge: '#f59e0b' },
  (rng) => {
    let s = ''
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
    return s
  },
)

projectScenes['projects/campuskey-network-overhaul'] = scene(
  { floorY: 690, floorColour: '#cbd5e1', floorEdge: '#94a3b8' },
  (rng) => {
    let s = ''
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
    return s
  },
)
