import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The page's (or one region's) serious and critical accessibility violations, each as "rule: targets"; [] when clean. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** True when the page does not scroll sideways (nothing wider than the viewport). */
export const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
