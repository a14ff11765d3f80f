/*
 * The fuzzy match behind PostgREST's "Perhaps you meant …" hints (the fuzzyset algorithm: cosine
 * similarity of 3-grams, then of 2-grams if nothing scored, rescored by Levenshtein distance, best
 * first, nothing under 0.33). Clients show these hints verbatim, so they should name the same thing.
 */

/** fuzzyset's default; PostgREST asks for 0.75 when hinting at table and function names. */
const MIN_SCORE = 0.33

function grams(value: string, size: number): Map<string, number> {
  let simplified = `-${value.toLowerCase().replace(/[^a-z0-9\u00C0-\u00FF\u0621-\u064A\u0660-\u0669, ]+/g, '')}-`
  while (simplified.length < size) simplified += '-'
  const counts = new Map<string, number>()
  for (let i = 0; i + size <= simplified.length; i++) {
    const gram = simplified.slice(i, i + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost))
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

const norm = (counts: Map<string, number>) =>
  Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0))

/** The candidates that resemble `value`, best first, with their scores (1 for an exact match). */
export function fuzzyMatches(
  candidates: string[],
  value: string,
  minScore = MIN_SCORE,
): { score: number; value: string }[] {
  const wanted = value.toLowerCase()
  const exact = candidates.find((c) => c.toLowerCase() === wanted)
  if (exact !== undefined) return [{ score: 1, value: exact }]
  for (const size of [3, 2]) {
    const query = grams(value, size)
    const queryNorm = norm(query)
    const scored = candidates
      .map((candidate) => {
        const own = grams(candidate, size)
        let dot = 0
        for (const [gram, n] of query) dot += n * (own.get(gram) ?? 0)
        return { candidate, score: dot / (queryNorm * norm(own) || 1), matched: dot > 0 }
      })
      .filter((entry) => entry.matched)
      .sort((a, b) => b.score - a.score)
      .slice(0, 50)
      .map(({ candidate }) => {
        const lower = candidate.toLowerCase()
        return {
          value: candidate,
          score: 1 - levenshtein(lower, wanted) / Math.max(lower.length, wanted.length),
        }
      })
      .sort((a, b) => b.score - a.score)
      .filter((entry) => entry.score >= minScore)
    if (scored.length) return scored
  }
  return []
}

export const fuzzyBest = (candidates: string[], value: string, minScore = MIN_SCORE): string | undefined =>
  fuzzyMatches(candidates, value, minScore)[0]?.value
