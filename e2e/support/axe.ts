import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe reads: the whole document but `exclude`, or only `include`; CSS selectors. */
export interface AxeScope {
  include?: string;
  exclude?: string;
}

/**
 * axe-core's violations on the page as it is now, run in the page itself (`axe.run`), its script
 * evaluated once per document.
 *
 * Not @axe-core/playwright's `AxeBuilder`: for every analysis it evaluated axe's 550 KB script
 * three times and opened a blank page to merge each frame's results (`axe.finishRun`), 1.6–1.9 s
 * a screen on an idle machine against 0.2–0.35 s here, and five times that on CI's loaded cores
 * (the a11y spec spent 508 s in it). Our screens have no frames for it to merge.
 */
export async function axeViolations(page: Page, options: Axe.RunOptions, scope: AxeScope = {}): Promise<Axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ options, include, exclude }) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const context = include ? { include, ...(exclude ? { exclude } : {}) } : exclude ? { exclude } : document;
      const results = await axe.run(context, { ...options, resultTypes: ['violations'] });
      return results.violations;
    },
    { options, include: scope.include, exclude: scope.exclude },
  );
}
