import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

// Evaluated, not added as a <script>: the site's pages allow only their own inline scripts (by
// hash, issue 43 item 16), and the page's CSP does not bind what the test's browser evaluates.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeCheck = { data?: { messageKey?: string } | null }
type AxeNode = { target: string[]; any: AxeCheck[] }
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] }

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const
export type AxeImpact = (typeof IMPACTS)[number]

/**
 * axe-core violations of impact `from` or worse (serious and critical unless a test asks for more)
 * on the current page, as readable lines, plus text on a gradient whose contrast fails WCAG AA
 * against any of the gradient's colours: axe cannot pick one background under a gradient and files
 * such text as "incomplete", which let dark-on-dark buttons on the hero and call-to-action bands
 * pass unnoticed. The page is judged once its transitions have run: text caught half-way through a
 * fade (a toast sliding behind a newer one) has no contrast to speak of.
 */
export async function axeBlocking(page: Page, from: AxeImpact = 'serious'): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs for ever and a paused animation waits; the rest end.
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  await page.evaluate(axeSource)
  const { violations, gradientFailures } = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe
    const result = await axe.run(document, { resultTypes: ['violations', 'incomplete'] })
    const onGradient = (result.incomplete as AxeViolation[])
      .filter((r) => r.id === 'color-contrast')
      .flatMap((r) => r.nodes)
      .filter((n) => n.any.some((c) => c.data?.messageKey === 'bgGradient'))
      .map((n) => n.target)

    // Any CSS colour (hex, rgb, oklch, …) to sRGB bytes and alpha, by painting it.
    const canvas = document.createElement('canvas')
    canvas.width = 1
    canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = '#000'
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[3] ?? 1) * (top[i] ?? 0) + (1 - (top[3] ?? 1)) * (bottom[i] ?? 0))
    const luminance = (c: number[]) => {
      const [r = 0, g = 0, b = 0] = c.map((v) => {
        const s = v / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
    }
    const colourToken = /(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi

    const failures: string[] = []
    for (const target of onGradient) {
      if (target.length !== 1) continue
      const el = document.querySelector(target[0] as string)
      if (!el) continue
      const box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      let holder: Element | null = el
      while (holder && !getComputedStyle(holder).backgroundImage.includes('gradient')) {
        holder = holder.parentElement
      }
      if (!holder) continue
      // What shows through translucent stops: the nearest solid background above the gradient.
      let base = [255, 255, 255, 1]
      for (let up = holder.parentElement; up; up = up.parentElement) {
        const colour = rgba(getComputedStyle(up).backgroundColor)
        if (colour[3] === 1) {
          base = colour
          break
        }
      }
      const stops = (getComputedStyle(holder).backgroundImage.match(colourToken) ?? []).map((c) =>
        over(rgba(c), base),
      )
      if (stops.length === 0) continue
      const style = getComputedStyle(el)
      const size = Number.parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const needed = large ? 3 : 4.5
      const worst = Math.min(...stops.map((stop) => ratio(over(rgba(style.color), stop), stop)))
      if (worst < needed) {
        failures.push(
          `color-contrast (serious): text on a gradient reaches ${worst.toFixed(2)}:1, needs ${needed}:1 — ${target[0]}`,
        )
      }
    }
    return { violations: result.violations as AxeViolation[], gradientFailures: failures }
  })
  return [
    ...violations
      .filter((v) => IMPACTS.indexOf(v.impact as AxeImpact) >= IMPACTS.indexOf(from))
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ...gradientFailures,
  ]
}
