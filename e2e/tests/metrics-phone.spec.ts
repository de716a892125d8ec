import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/**
 * Issue 17 item 6 on a touch phone (the 'phone' project, Pixel 7): the Metricas list turns
 * into cards with a labelled time select and switch; a tap turns a metric off and on again.
 */
test.describe.configure({ timeout: 120_000 });

test('the metrics are cards usable by touch on a phone', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/metrics');
  const list = page.getByRole('list', { name: 'Tiempos de notificación' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = list.getByRole('listitem', { name: 'Ingreso del reporte' });
  await expect(card.getByText('IR', { exact: true })).toBeVisible();
  const select = card.getByRole('combobox', { name: 'Tiempo: Ingreso del reporte' });
  const toggle = card.getByRole('switch', { name: 'Activa: Ingreso del reporte' });
  // Big enough for a finger.
  expect((await select.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

  await expect(toggle).toBeChecked();
  await toggle.locator('xpath=..').tap();
  await expect(page.getByText('Métrica desactivada')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await toggle.locator('xpath=..').tap();
  await expect(page.getByText('Métrica activada')).toBeVisible();
  await expect(toggle).toBeChecked();
});
