import { expect, test } from '@playwright/test'
import { axeBlocking } from './axe'
import { PUBLIC_ROUTES } from './site'

test.describe('axe-core', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path)
      expect(await axeBlocking(page)).toEqual([])
    })
  }
})
