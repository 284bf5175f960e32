import { expect, type Page } from '@playwright/test';

/** Nothing wider than the screen: the page scrolls down, never sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
