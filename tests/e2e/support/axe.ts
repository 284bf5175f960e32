import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on what is on screen now: no serious or critical violation. In the library's legacy mode: it runs axe in
 * the page itself instead of opening a blank page to put each frame's results together, which is only needed for
 * cross-origin frames (the app has none) and took more than half of each check's time (about 0.7 s against 0.3 s,
 * with the same results).
 */
export async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}
