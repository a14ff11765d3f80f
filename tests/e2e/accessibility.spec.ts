import { createRequire } from 'node:module'
import { expect, test } from '@playwright/test'
import { PUBLIC_ROUTES } from './site'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

test.describe('axe-core', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path)
      await page.addScriptTag({ path: axePath })
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
        const result = await (window as any).axe.run(document, { resultTypes: ['violations'] })
        return result.violations as AxeViolation[]
      })
      const blocking = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(blocking).toEqual([])
    })
  }
})
