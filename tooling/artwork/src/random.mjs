// Every scene draws its random choices from a PRNG seeded with its output path, so a re-run
// reproduces the same pictures byte for byte.

// mulberry32 seeded by a string hash
export function seeded(name) {
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
