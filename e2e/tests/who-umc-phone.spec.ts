import { expect, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/** Issue 31 §5 on a phone (the 'phone' project: Pixel 7): the Imputabilidad tab with the WHO-UMC checklist is no wider than the screen. */

const RLF = 'rlf@demo.atalaya';

test('the Imputabilidad tab with the WHO-UMC checklist is no wider than the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);
  await page.goto(`/reportableEvent/${meta}/view/evaluation`);
  const form = page.getByRole('form', { name: /^WHO-UMC: / }).first();
  await form.getByRole('radiogroup', { name: /suficiente y no contradictoria/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
  await form.getByRole('radiogroup', { name: /relación temporal/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
  await form.getByRole('radiogroup', { name: /también por la enfermedad/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
  await expect(form.getByTestId('who-umc-implied')).toHaveText('Posible');
  await form.getByLabel('Categoría WHO-UMC').selectOption('No evaluable/Inclasificable');
  await expect(form.getByLabel('Motivo del cambio de categoría')).toBeVisible();

  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect(overflow.width).toBe(page.viewportSize()?.width);
  expect(overflow.scrollWidth, overflow.wide.join(' | ')).toBeLessThanOrEqual(overflow.width);
});
