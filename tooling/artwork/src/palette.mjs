// Palette: navy, blue, sky, teal and amber on light backgrounds; skin, hair and shirt tones
// for the people in the scenes.

export const C = {
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
export const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#5c3a21', '#a0663a']
export const HAIR = ['#1f130b', '#2b1a10', '#3b2a20', '#111827']
export const SHIRT = [C.blue, C.teal, C.amber, C.sky, C.slate, C.tealD, '#6366f1']
