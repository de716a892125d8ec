import { expect, test, type Page } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * 'Envíos E2B' on a phone (the 'phone' project: Pixel 7, touch): the receiver select, the buttons
 * and the submissions table fit; the table scrolls inside its own frame, never the page.
 */

const RLF = 'rlf@demo.atalaya';

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('.mantine-ScrollArea-root, [class*="ScrollContainer"]'))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  // A phone widens its layout viewport to fit what sticks out: the window must keep the screen's width.
  expect.soft(overflow.width, `${where}: window width; ${overflow.wide.join(' | ')}`).toBe(page.viewportSize()?.width);
  expect.soft(overflow.scrollWidth, `${where}: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(overflow.width);
}

test('the Envíos E2B tab does not scroll the page sideways on a phone', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);

  await page.goto(`/reportableEvent/${meta}/view/e2b`);
  await expect(page.getByTestId('event-status')).toHaveText('En revisión RLF');
  await expect(page.getByRole('button', { name: 'Generar E2B' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Envíos E2B, empty');

  await page.getByRole('button', { name: 'Generar E2B' }).tap();
  const row = page.getByRole('table', { name: 'Envíos E2B' }).getByRole('row').filter({ hasText: 'EVHUMAN' });
  await expect(row.getByTestId('e2b-status')).toHaveText('Generado', { timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'Envíos E2B, one submission');
  // The table's last column is reached by scrolling the table, not the page.
  await row.getByRole('button', { name: 'Marcar como enviado' }).scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: 'Marcar como enviado' }).tap();
  await expect(row.getByTestId('e2b-status')).toHaveText('Enviado');
  await expectNoSidewaysScroll(page, 'Envíos E2B, sent');
});
