import type { Browser } from '@playwright/test';

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

declare global {
  interface Window {
    __benchShifts?: Shift[];
  }
}

/**
 * The layout shifts of a first visit in a Lighthouse-sized mobile viewport, with the elements that moved: Lighthouse
 * 12.2's own "layout-shifts" audit fails on this Chromium (its trace engine predates the trace format), so the bench
 * asks the browser directly.
 */
export async function layoutShifts(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__benchShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          window.__benchShifts!.push({
            value: entry.value,
            at: entry.startTime,
            sources: (entry.sources ?? []).map(({ node, previousRect: from, currentRect: to }) => {
              const element = node instanceof Element ? node : null;
              const name = element
                ? `<${element.localName}${element.className ? ` class="${String(element.className)}"` : ''}>`
                : '(text)';
              const moved =
                to.width === 0 && to.height === 0
                  ? 'out of the viewport'
                  : `to y ${Math.round(to.y)} (${Math.round(to.height)} px high)`;
              return `${name} from y ${Math.round(from.y)} (${Math.round(from.height)} px high) ${moved}`;
            }),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => window.__benchShifts ?? []);
    return shifts.map(
      (shift) => `shift ${shift.value.toFixed(3)} at ${Math.round(shift.at)} ms: ${shift.sources.join('; ')}`,
    );
  } finally {
    await context.close();
  }
}
