import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/** Issue 18 item 3 on a phone (the 'phone' project): the Indicadores screen is one column, nothing wider than the screen. */
test.describe.configure({ timeout: 120_000 });

test('the indicators are one column on a phone, and a chart reads as a table', async ({ page }) => {
  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  await page.goto('/indicators');
  const cards = page.getByRole('list', { name: 'Reportes por período' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(first && second && second.y > first.y + first.height - 1).toBe(true);
  const pie = page.getByRole('region', { name: 'Por estado' });
  const ages = page.getByRole('region', { name: 'Por edad' });
  await expect(pie).toBeVisible();
  const pieBox = await pie.boundingBox();
  const agesBox = await ages.boundingBox();
  expect(pieBox && agesBox && agesBox.y >= pieBox.y + pieBox.height - 1).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  await ages.getByRole('button', { name: 'Ver como tabla' }).tap();
  await expect(ages.getByRole('table')).toBeVisible();
  await expect(ages.getByRole('row')).toHaveCount(8);
});
