import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/** Issue 18 item 2 on a phone (the 'phone' project): the no-KPI list is cards, and a tap opens the case. */
test.describe.configure({ timeout: 120_000 });

test('the events that miss their KPIs are cards on a phone and open the case', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/nokpis');
  const list = page.getByRole('list', { name: 'Eventos que no cumplen' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  const link = list.getByRole('listitem').first().getByRole('link');
  await link.tap();
  await expect(page).toHaveURL(/\/reportableevent\/[^/]+\/view\/details$/i);
});
